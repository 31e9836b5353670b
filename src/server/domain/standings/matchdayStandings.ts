import { mapSliced } from '../../platform/concurrency/slicedWork';
import type { MemberStanding } from './tableRanking';

/** A member's stored pick and bonus totals: what a table adds to their result-bet points. */
interface MemberTotals {
  user_id: number; user_name: string; department: string | null;
  points_rounds: number; points_people: number; points_bonus: number;
}

/** Per member, their result-bet points by matchday ("7" -> 12); a matchday is there once they had a scored bet in it. */
type PointsByMatchday = Map<number, Record<string, number>>;

/**
 * A table's members from their matchday points (stored rows, or a simulation's): result-bet totals, the winners of
 * each complete matchday (the best score there, if anybody scored: ties win together) and each member's wins.
 * `complete` says which matchdays have every match finished (simulated ones count as finished in a simulation).
 */
export async function standingsFromMatchdays(
  members: MemberTotals[], byUser: PointsByMatchday, complete: Map<number, boolean>,
): Promise<{ members: MemberStanding[]; winners: Map<number, Set<number>> }> {
  const winners = await matchdayWinners(byUser, complete);
  const wins = new Map<number, number>();
  for (const set of winners.values()) for (const userId of set) wins.set(userId, (wins.get(userId) ?? 0) + 1);
  return {
    winners,
    // In slices: a big league has 200,000 members (slicedWork.ts). Each row is written out field by field: spreading
    // the member and adding fields costs V8 about 20 times as much per row (seconds for 200,000).
    members: await mapSliced(members, (m) => {
      const days = byUser.get(m.user_id) ?? {};
      let pointsLeague = 0;
      for (const points of Object.values(days)) pointsLeague += points;
      return {
        user_id: m.user_id, user_name: m.user_name, department: m.department,
        points_rounds: m.points_rounds, points_people: m.points_people, points_bonus: m.points_bonus,
        points_by_matchday: days, points_league: pointsLeague, matchday_wins: wins.get(m.user_id) ?? 0,
        points: pointsLeague + m.points_rounds + m.points_people + m.points_bonus,
      };
    }),
  };
}

/**
 * The matchdays whose winners are decided, with their best score: every match finished, and somebody scored (the
 * members with that score win it together). `best` holds each matchday's best score.
 */
function decidedMatchdays(best: Map<number, number>, complete: Map<number, boolean>): Map<number, number> {
  return new Map([...best].filter(([day, top]) => top > 0 && complete.get(day)));
}

async function matchdayWinners(byUser: PointsByMatchday, complete: Map<number, boolean>): Promise<Map<number, Set<number>>> {
  const members = [...byUser];
  const best = new Map<number, number>();
  await mapSliced(members, ([, days]) => {
    for (const day in days) best.set(Number(day), Math.max(best.get(Number(day)) ?? 0, days[day]));
  });
  const winners = new Map<number, Set<number>>();
  for (const [day, top] of decidedMatchdays(best, complete)) {
    const set = new Set<number>();
    await mapSliced(members, ([userId, days]) => { if (days[day] === top) set.add(userId); });
    winners.set(day, set);
  }
  return winners;
}
