import type { FastifyReply } from 'fastify';
import { loadLeagueScoring } from '../../domain/scoring/leagueScoring';
import type { Static } from 'typebox';
import type { LeagueTable } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { cachedJson } from '../../platform/caching/referenceCache';
import type { LeagueAccessRow } from '../resultBets/resultBetsRepository';
import { requireLeagueAccess } from '../resultBets/resultBetsService';
import { parseTieBreaks } from '../../../shared/domain/tieBreaks';
import { listHitCounters } from '../../domain/standings/hitCounters';
import { cachedTableAccess } from '../../domain/standings/tableAccess';
import { simulatedStandings } from './simulation';
import * as repo from '../../domain/standings/standingsRepository';
import { standingsFromMatchdays, type PointsByMatchday } from '../../domain/standings/matchdayStandings';
import { rankDepartments, rankMembers, type MemberStanding } from '../../domain/standings/tableRanking';

/** users_league_table: stored standings for real tables, an on-the-fly computation for the caller's simulation. */
export function tablesService(deps: AppDeps) {
  const { db } = deps;

  /** The stored matchday rows of the league, with totals, winners and wins derived from them. */
  async function storedStandings(league: LeagueAccessRow) {
    const [rows, complete] = await Promise.all([
      repo.listMemberStandingsWithMatchdays(db, deps.dialect, league.id), repo.matchdayCompletion(db, league.competition_id),
    ]);
    const byUser: PointsByMatchday = new Map();
    for (const row of rows) {
      const days: Record<string, number> = {};
      for (const packed of row.matchdays ? row.matchdays.split(',') : []) {
        const [matchday, points] = packed.split(':');
        days[matchday] = Number(points);
      }
      byUser.set(row.user_id, days);
    }
    return standingsFromMatchdays(rows, byUser, complete);
  }

  async function leagueTable(user: AuthUser, leagueId: number, query: { matchday?: number; mode?: number }, reply: FastifyReply): Promise<Static<typeof LeagueTable>> {
    if (query.mode === 1) return buildTable(user, await requireLeagueAccess(db, leagueId, user), query);
    const league = await cachedTableAccess(deps, leagueId, user, () => requireLeagueAccess(db, leagueId, user));
    // A real table depends only on the league, matchday and language (ties by name): the serialised answer is
    // reused until the league's table version moves (any change to its standings, members, departments or names).
    return cachedJson(deps, reply, `table:${leagueId}:${query.matchday ?? ''}:${user.locale}`, () => buildTable(user, league, query),
      league.table_version);
  }

  /**
   * `adjust` changes the members' figures before they are ranked: the live stream's provisional table adds the
   * points of matches in play (live/provisionalTable.ts).
   */
  async function buildTable(
    user: Pick<AuthUser, 'id' | 'locale'>, league: LeagueAccessRow, query: { matchday?: number; mode?: number },
    adjust: (members: MemberStanding[]) => MemberStanding[] = (members) => members,
  ): Promise<Static<typeof LeagueTable>> {
    const leagueId = league.id;
    const lastPlayed = await repo.lastPlayedMatchday(db, league.competition_id);
    const { members, winners, hits } = query.mode === 1
      ? await simulatedStandings(db, {
        leagueId, competitionId: league.competition_id, viewerId: user.id, now: deps.clock.now(),
        ...await loadLeagueScoring(db, leagueId),
      })
      : { ...await storedStandings(league), hits: await listHitCounters(db, leagueId) };
    const matchday = query.matchday ?? lastPlayed;
    const settings = await db.selectFrom('leagues').select('tie_breaks').where('id', '=', leagueId).executeTakeFirst();
    const tieBreaks = parseTieBreaks(settings?.tie_breaks);
    const users = rankMembers(adjust(members), matchday, user.locale, { tieBreaks, hits });
    return {
      users,
      departments: rankDepartments(users, user.locale),
      matchday,
      last_played_matchday: lastPlayed,
      matchday_winner_ids: matchday === null ? [] : [...(winners.get(matchday) ?? [])].sort((a, b) => a - b),
      matchday_winners: [...winners].filter(([, ids]) => ids.size > 0).sort(([a], [b]) => a - b)
        .map(([day, ids]) => ({ matchday: day, user_ids: [...ids].sort((a, b) => a - b) })),
      tie_breaks: tieBreaks,
    };
  }

  return { leagueTable, buildTable };
}
