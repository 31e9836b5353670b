import type { FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import { PAGED_TABLE_FROM, TABLE_PAGE_ROWS, type LeagueTable } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { cachedJson } from '../../platform/caching/referenceCache';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import type { LeagueAccessRow } from '../../domain/leagues/leagueRows';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import { rankLeagueTable, storedStandings } from '../../domain/standings/leagueTable';
import { isPagedTable, pageOf, tablePage } from '../../domain/standings/rankedTables';
import { cachedTableAccess } from '../../domain/standings/tableAccess';
import { hasTableVersion } from '../../domain/standings/tableVersions';
import { simulatedStandings } from './simulation';

/**
 * users_league_table: stored standings for real tables, an on-the-fly computation for the caller's simulation.
 * Leagues of more than PAGED_TABLE_FROM members answer a page of their table (and the caller's row); others the whole.
 */

async function buildTable(
  deps: AppDeps, user: Pick<AuthUser, 'id' | 'locale'>, league: LeagueAccessRow, query: { matchday?: number; mode?: number },
): Promise<Static<typeof LeagueTable>> {
  const { db } = deps;
  const source = query.mode === 1
    ? await simulatedStandings(db, {
      leagueId: league.id, competitionId: league.competition_id, viewerId: user.id, now: deps.clock.now(),
      ...await loadLeagueScoring(db, league.id),
    })
    : await storedStandings(deps, league);
  return rankLeagueTable(deps, user, league, query.matchday, source);
}

interface TableQuery { matchday?: number; mode?: number; offset?: number; limit?: number }

export async function leagueTable(deps: AppDeps, user: AuthUser, leagueId: number, query: TableQuery, reply: FastifyReply): Promise<Static<typeof LeagueTable>> {
  const { db } = deps;
  const page = { offset: query.offset ?? 0, limit: query.limit ?? TABLE_PAGE_ROWS };
  if (query.mode === 1) {
    const league = await requireLeagueAccess(db, leagueId, user);
    const table = await buildTable(deps, user, league, query);
    return table.users.length > PAGED_TABLE_FROM ? pageOf(table, user.id, page.offset, page.limit) : table;
  }
  const league = await cachedTableAccess(deps, leagueId, user, () => requireLeagueAccess(db, leagueId, user));
  // A big league's table is answered a page at a time from its ranked table, kept per version (rankedTables.ts);
  // the page holds the caller's own row, so it is not shared between callers.
  if (await isPagedTable(deps, league)) return tablePage(deps, league, user, { matchday: query.matchday, ...page });
  // A real table depends only on the league, matchday and language (ties by name): the serialised answer is
  // reused until the league's table version moves (any change to its standings, members, departments or names).
  return cachedJson(deps, reply, `table:${leagueId}:${query.matchday ?? ''}:${user.locale}`, (readDeps) => buildTable(readDeps, user, league, query),
    { value: league.table_version, onReplica: (db) => hasTableVersion(db, leagueId, league.table_version) });
}

