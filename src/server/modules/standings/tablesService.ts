import type { FastifyReply } from 'fastify';
import { loadLeagueScoring } from '../scoring/leagueScoring';
import type { Static } from 'typebox';
import type { LeagueTable } from '../../../shared/api/routes/tables';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { cachedJson } from '../reference/referenceCache';
import type { LeagueAccessRow } from '../resultBets/resultBetsRepository';
import { requireLeagueAccess } from '../resultBets/resultBetsService';
import { parseTieBreaks } from '../../../shared/domain/tieBreaks';
import { listHitCounters } from './hitCounters';
import { simulatedStandings } from './simulation';
import * as repo from './standingsRepository';
import { rankDepartments, rankMembers, type MemberStanding } from './tableRanking';

/** users_league_table: stored standings for real tables, an on-the-fly computation for the caller's simulation. */
export function tablesService(deps: AppDeps) {
  const { db } = deps;

  async function storedStandings(leagueId: number) {
    const rows = await repo.listMemberStandingsWithMatchdays(db, deps.dialect, leagueId);
    const winners = new Map<number, Set<number>>();
    const members: MemberStanding[] = rows.map(({ matchdays, ...member }) => {
      const byMatchday: Record<string, number> = {};
      for (const packed of matchdays ? matchdays.split(',') : []) {
        const [matchday, points, won] = packed.split(':').map(Number);
        byMatchday[matchday] = points;
        if (won) winners.set(matchday, (winners.get(matchday) ?? new Set()).add(member.user_id));
      }
      return { ...member, points_by_matchday: byMatchday };
    });
    return { members, winners };
  }

  async function leagueTable(user: AuthUser, leagueId: number, query: { matchday?: number; mode?: number }, reply: FastifyReply): Promise<Static<typeof LeagueTable>> {
    const league = await requireLeagueAccess(db, leagueId, user);
    if (query.mode === 1) return buildTable(user, league, query);
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
      : { ...await storedStandings(leagueId), hits: await listHitCounters(db, leagueId) };
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
