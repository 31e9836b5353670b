import type { FastifyReply } from 'fastify';
import type { Static } from 'typebox';
import type { LeagueTable } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { cachedJson } from '../../platform/caching/referenceCache';
import { requireLeagueAccess } from '../../domain/leagues/leagueAccess';
import type { LeagueAccessRow } from '../../domain/leagues/leagueRows';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import { rankLeagueTable, storedStandings } from '../../domain/standings/leagueTable';
import { cachedTableAccess } from '../../domain/standings/tableAccess';
import { hasTableVersion } from '../../domain/standings/tableVersions';
import { simulatedStandings } from './simulation';

/** users_league_table: stored standings for real tables, an on-the-fly computation for the caller's simulation. */

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

export async function leagueTable(deps: AppDeps, user: AuthUser, leagueId: number, query: { matchday?: number; mode?: number }, reply: FastifyReply): Promise<Static<typeof LeagueTable>> {
  const { db } = deps;
  if (query.mode === 1) return buildTable(deps, user, await requireLeagueAccess(db, leagueId, user), query);
  const league = await cachedTableAccess(deps, leagueId, user, () => requireLeagueAccess(db, leagueId, user));
  // A real table depends only on the league, matchday and language (ties by name): the serialised answer is
  // reused until the league's table version moves (any change to its standings, members, departments or names).
  return cachedJson(deps, reply, `table:${leagueId}:${query.matchday ?? ''}:${user.locale}`, (readDeps) => buildTable(readDeps, user, league, query),
    { value: league.table_version, onReplica: (db) => hasTableVersion(db, leagueId, league.table_version) });
}

