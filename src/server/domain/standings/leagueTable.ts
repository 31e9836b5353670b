import type { Static } from 'typebox';
import type { LeagueTable } from '../../../shared/api/routes/tables';
import { parseTieBreaks } from '../../../shared/domain/tieBreaks';
import { mapSliced } from '../../platform/concurrency/slicedWork';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import type { LeagueAccessRow } from '../leagues/leagueRows';
import { listHitCounters, type HitCounters } from './hitCounters';
import { standingsFromMatchdays, type PointsByMatchday } from './matchdayStandings';
import * as repo from './standingsRepository';
import { rankDepartments, rankMembers, type MemberStanding } from './tableRanking';

/** What a table is ranked from: each member's figures, each matchday's winners and the hit counters for ties. */
export interface StandingsSource {
  members: MemberStanding[];
  winners: Map<number, Set<number>>;
  hits: Map<number, HitCounters>;
}

/** "7:12,8:3" -> { 7: 12, 8: 3 }, read in place (200,000 members' rows: no intermediate arrays). */
function unpackMatchdays(packed: string | null): Record<string, number> {
  const days: Record<string, number> = {};
  if (!packed) return days;
  for (let start = 0; start < packed.length;) {
    const colon = packed.indexOf(':', start);
    const comma = packed.indexOf(',', colon);
    const end = comma === -1 ? packed.length : comma;
    days[packed.slice(start, colon)] = Number(packed.slice(colon + 1, end));
    start = end + 1;
  }
  return days;
}

/** The stored matchday rows of the league, with totals, winners and wins derived from them. */
export async function storedStandings(deps: Pick<AppDeps, 'db' | 'dialect'>, league: Pick<LeagueAccessRow, 'id' | 'competition_id'>): Promise<StandingsSource> {
  const [rows, complete, hits] = await Promise.all([
    repo.listMemberStandingsWithMatchdays(deps.db, deps.dialect, league.id, league.competition_id), repo.matchdayCompletion(deps.db, league.competition_id),
    listHitCounters(deps.db, league.id, league.competition_id),
  ]);
  const byUser: PointsByMatchday = new Map();
  // A big league's rows are many: other work runs between slices of them.
  await mapSliced(rows, (row) => { byUser.set(row.user_id, unpackMatchdays(row.matchdays)); });
  return { ...await standingsFromMatchdays(rows, byUser, complete), hits };
}

/**
 * The league's table as users_league_table answers it, ranked from `source`. `adjust` changes the members' figures
 * before they are ranked: the live stream's provisional table adds the points of matches in play.
 */
export async function rankLeagueTable(
  deps: Pick<AppDeps, 'db'>, user: Pick<AuthUser, 'id' | 'locale'>, league: Pick<LeagueAccessRow, 'id' | 'competition_id'>, requestedMatchday: number | undefined,
  source: StandingsSource, adjust: (members: MemberStanding[]) => MemberStanding[] = (members) => members,
): Promise<Static<typeof LeagueTable>> {
  const { db } = deps;
  const lastPlayed = await repo.lastPlayedMatchday(db, league.competition_id);
  const matchday = requestedMatchday ?? lastPlayed;
  const settings = await db.selectFrom('leagues').select('tie_breaks').where('id', '=', league.id).executeTakeFirst();
  const tieBreaks = parseTieBreaks(settings?.tie_breaks);
  const users = await rankMembers(adjust(source.members), matchday, user.locale, { tieBreaks, hits: source.hits });
  const { winners } = source;
  return {
    users,
    departments: rankDepartments(users, user.locale),
    matchday,
    last_played_matchday: lastPlayed,
    matchday_winner_ids: matchday === null ? [] : [...(winners.get(matchday) ?? [])].sort((a, b) => a - b),
    matchday_winners: [...winners].filter(([, ids]) => ids.size > 0).sort(([a], [b]) => a - b)
      .map(([day, ids]) => ({ matchday: day, user_ids: [...ids].sort((a, b) => a - b) })),
    tie_breaks: tieBreaks,
    total_users: users.length,
    offset: 0,
  };
}
