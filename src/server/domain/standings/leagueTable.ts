import type { Static } from 'typebox';
import type { LeagueTable } from '../../../shared/api/routes/tables';
import { parseTieBreaks, type TieBreak } from '../../../shared/domain/tieBreaks';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { HitCounters } from './hitCounters';
import * as repo from './standingsRepository';
import type { TableLeague } from './standingsScope';
import { departmentTotals, rankDepartments, rankMembers, type MemberStanding } from './tableRanking';

/** What a table is ranked from in the process: each member's figures, each matchday's winners and the hit counters. */
interface StandingsSource {
  members: MemberStanding[];
  winners: Map<number, Set<number>>;
  hits: Map<number, HitCounters>;
}

/**
 * Members' points per matchday from their stored matchday rows, and each decided matchday's winners (those at its
 * top score) among them.
 */
export function matchdayPointsAndWinners(
  days: readonly { user_id: unknown; matchday: unknown; points: unknown }[], tops: ReadonlyMap<number, number>,
): { byUser: Map<number, Record<string, number>>; winners: Map<number, Set<number>> } {
  const byUser = new Map<number, Record<string, number>>();
  const winners = new Map<number, Set<number>>([...tops.keys()].map((day) => [day, new Set<number>()]));
  for (const day of days) {
    const userId = Number(day.user_id);
    const points = byUser.get(userId) ?? {};
    points[Number(day.matchday)] = Number(day.points);
    byUser.set(userId, points);
    if (tops.get(Number(day.matchday)) === Number(day.points)) winners.get(Number(day.matchday))!.add(userId);
  }
  return { byUser, winners };
}

/**
 * A league's stored standings, every member's (the provisional table of a small league in play adds to them):
 * their stored figures, matchday rows and the winners of each decided matchday.
 */
export async function storedStandings(deps: Pick<AppDeps, 'db'>, league: TableLeague): Promise<StandingsSource> {
  const [rows, days, tops] = await Promise.all([
    repo.listStoredMembers(deps.db, league.id),
    repo.listMatchdayPoints(deps.db, league.id, league.competition_id),
    repo.listMatchdayTops(deps.db, league.id),
  ]);
  const { byUser, winners } = matchdayPointsAndWinners(days, tops);
  const hits = new Map<number, HitCounters>();
  const members = rows.map((row): MemberStanding => {
    const userId = Number(row.user_id);
    hits.set(userId, { exact_hits: Number(row.exact_hits), goal_difference_hits: Number(row.goal_difference_hits), tendency_hits: Number(row.tendency_hits) });
    return {
      user_id: userId, user_name: row.user_name, department: row.department, points_by_matchday: byUser.get(userId) ?? {},
      points_league: Number(row.points_league), points_rounds: Number(row.points_rounds), points_people: Number(row.points_people),
      points_bonus: Number(row.points_bonus), points: Number(row.points), matchday_wins: Number(row.matchday_wins),
    };
  });
  return { members, winners, hits };
}

/** What a table answers about the league besides its rows: the last matchday played and the tie-breaks. */
export async function tableSettings(db: Executor, league: TableLeague) {
  const lastPlayed = await repo.lastPlayedMatchday(db, league.competition_id);
  const settings = await db.selectFrom('leagues').select('tie_breaks').where('id', '=', league.id).executeTakeFirst();
  return { lastPlayed, tieBreaks: parseTieBreaks(settings?.tie_breaks) };
}

/**
 * What a table answers besides its member rows: the matchday shown, the last one played, the departments, the
 * matchday winners (those of `matchday`, and every matchday's) and the tie-breaks.
 */
export function tableHeader(
  settings: { lastPlayed: number | null; tieBreaks: TieBreak[] }, matchday: number | null,
  winners: Map<number, Iterable<number>>, departments: Static<typeof LeagueTable>['departments'], totalUsers: number,
): Omit<Static<typeof LeagueTable>, 'users'> {
  const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
  return {
    departments,
    matchday,
    last_played_matchday: settings.lastPlayed,
    matchday_winner_ids: matchday === null ? [] : sorted(winners.get(matchday) ?? []),
    matchday_winners: [...winners].map(([day, ids]) => ({ matchday: day, user_ids: sorted(ids) }))
      .filter((day) => day.user_ids.length > 0).sort((a, b) => a.matchday - b.matchday),
    tie_breaks: settings.tieBreaks,
    total_users: totalUsers,
    offset: 0,
  };
}

/**
 * The league's table ranked in the process from `source`: a simulation, or the live stream's provisional table
 * (`adjust` changes the members' figures before they are ranked: it adds the points of matches in play).
 */
export async function rankLeagueTable(
  deps: Pick<AppDeps, 'db'>, user: Pick<AuthUser, 'id' | 'locale'>, league: TableLeague, requestedMatchday: number | undefined,
  source: StandingsSource, adjust: (members: MemberStanding[]) => MemberStanding[] = (members) => members,
): Promise<Static<typeof LeagueTable>> {
  const settings = await tableSettings(deps.db, league);
  const matchday = requestedMatchday ?? settings.lastPlayed;
  const users = await rankMembers(adjust(source.members), matchday, user.locale, { tieBreaks: settings.tieBreaks, hits: source.hits });
  return { users, ...tableHeader(settings, matchday, source.winners, rankDepartments(departmentTotals(users), user.locale), users.length) };
}
