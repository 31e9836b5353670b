import type { FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import { PAGED_TABLE_FROM, TABLE_PAGE_ROWS, type LeagueTable } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { cachedJson } from '../../platform/caching/referenceCache';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import type { LeagueAccessRow } from '../../domain/leagues/leagueRows';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import { rankLeagueTable } from '../../domain/standings/leagueTable';
import { isPagedTable, storedLeagueTable } from '../../domain/standings/storedTable';
import { cachedTableAccess } from '../../domain/standings/tableAccess';
import { hasTableVersion } from '../../domain/standings/tableVersions';
import { simulatedStandings } from './simulation';

/**
 * users_league_table: the stored ranked rows for real tables (read by position, storedTable.ts), an on-the-fly
 * computation for the caller's simulation. Leagues of more than PAGED_TABLE_FROM members answer a page of their
 * table (and the caller's row); others the whole.
 */

async function simulatedTable(
  deps: AppDeps, user: Pick<AuthUser, 'id' | 'locale'>, league: LeagueAccessRow, matchday: number | undefined,
): Promise<Static<typeof LeagueTable>> {
  const source = await simulatedStandings(deps.db, {
    leagueId: league.id, competitionId: league.competition_id, viewerId: user.id, now: deps.clock.now(),
    ...await loadLeagueScoring(deps.db, league.id),
  });
  return rankLeagueTable(deps, user, league, matchday, source);
}

/** A simulation's page from `offset`, with the viewer's own row (null when they are not in it). */
function pageOf(table: Static<typeof LeagueTable>, viewerId: number, offset: number, limit: number): Static<typeof LeagueTable> {
  const own = table.users.find((row) => row.user_id === viewerId) ?? null;
  const users = table.users.slice(offset, offset + limit);
  const sent = new Set([...users, ...(own ? [own] : [])].map((row) => row.user_id));
  return {
    ...table, users, total_users: table.users.length, offset, own_row: own,
    matchday_winner_ids: table.matchday_winner_ids.filter((id) => sent.has(id)),
    matchday_winners: table.matchday_winners.map((day) => ({ ...day, user_ids: day.user_ids.filter((id) => sent.has(id)) })),
  };
}

interface TableQuery { matchday?: number; mode?: number; offset?: number; limit?: number; order?: 'matchday' }

export async function leagueTable(deps: AppDeps, user: AuthUser, leagueId: number, query: TableQuery, reply: FastifyReply): Promise<Static<typeof LeagueTable>> {
  const { db } = deps;
  const page = { offset: query.offset ?? 0, limit: query.limit ?? TABLE_PAGE_ROWS };
  if (query.mode === 1) {
    const league = await requireLeagueAccess(db, leagueId, user);
    const table = await simulatedTable(deps, user, league, query.matchday);
    return table.users.length > PAGED_TABLE_FROM ? pageOf(table, user.id, page.offset, page.limit) : table;
  }
  const league = await cachedTableAccess(deps, leagueId, user, () => requireLeagueAccess(db, leagueId, user));
  // A big league's page holds the caller's own row, so it is read for each caller (a few index ranges).
  if (await isPagedTable(deps, league)) return storedLeagueTable(deps, league, user, { matchday: query.matchday, order: query.order, page });
  // A small league's table depends only on the league, matchday and language (ties by name): the serialised answer
  // is reused until the league's table version moves (any change to its standings, members, departments or names).
  return cachedJson(deps, reply, `table:${leagueId}:${query.matchday ?? ''}:${user.locale}`,
    (readDeps) => storedLeagueTable(readDeps, league, user, { matchday: query.matchday, page: 'whole' }),
    { value: league.table_version, onReplica: (db) => hasTableVersion(db, leagueId, league.table_version) });
}

