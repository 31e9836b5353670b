import type { Static } from 'typebox';
import type { LeagueTable } from '../../../shared/api/routes/tables';
import { parseTieBreaks, type TieBreak } from '../../../shared/domain/tieBreaks';
import { mapSliced } from '../../platform/concurrency/slicedWork';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { LeagueAccessRow } from '../leagues/leagueRows';
import type { HitCounters } from './hitCounters';
import { unpackMatchdays } from './packedMatchdays';
import { standingsFromMatchdays, type PointsByMatchday } from './matchdayStandings';
import * as repo from './standingsRepository';
import { rankDepartments, rankMembers, type MemberStanding } from './tableRanking';

/** What a table is ranked from: each member's figures, each matchday's winners and the hit counters for ties. */
export interface StandingsSource {
  members: MemberStanding[];
  winners: Map<number, Set<number>>;
  hits: Map<number, HitCounters>;
}

/** The stored matchday rows of the league, with totals, winners and wins derived from them. */
export async function storedStandings(deps: Pick<AppDeps, 'db'>, league: Pick<LeagueAccessRow, 'id' | 'competition_id'>): Promise<StandingsSource> {
  const [rows, complete] = await Promise.all([
    repo.listTableMembers(deps.db, league.id, league.competition_id), repo.matchdayCompletion(deps.db, league.competition_id),
  ]);
  const byUser: PointsByMatchday = new Map();
  const hits = new Map<number, HitCounters>();
  // A big league's rows are many: other work runs between slices of them.
  await mapSliced(rows, (row) => {
    byUser.set(row.user_id, unpackMatchdays(row.matchdays));
    hits.set(row.user_id, { exact_hits: row.exact_hits, goal_difference_hits: row.goal_difference_hits, tendency_hits: row.tendency_hits });
  });
  return { ...await standingsFromMatchdays(rows, byUser, complete), hits };
}

/** What a table answers about the league besides its rows: the last matchday played and the tie-breaks. */
export async function tableSettings(db: Executor, league: Pick<LeagueAccessRow, 'id' | 'competition_id'>) {
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
 * The league's table as users_league_table answers it, ranked from `source`. `adjust` changes the members' figures
 * before they are ranked: the live stream's provisional table adds the points of matches in play.
 */
export async function rankLeagueTable(
  deps: Pick<AppDeps, 'db'>, user: Pick<AuthUser, 'id' | 'locale'>, league: Pick<LeagueAccessRow, 'id' | 'competition_id'>, requestedMatchday: number | undefined,
  source: StandingsSource, adjust: (members: MemberStanding[]) => MemberStanding[] = (members) => members,
): Promise<Static<typeof LeagueTable>> {
  const settings = await tableSettings(deps.db, league);
  const matchday = requestedMatchday ?? settings.lastPlayed;
  const users = await rankMembers(adjust(source.members), matchday, user.locale, { tieBreaks: settings.tieBreaks, hits: source.hits });
  return { users, ...tableHeader(settings, matchday, source.winners, rankDepartments(users, user.locale), users.length) };
}
