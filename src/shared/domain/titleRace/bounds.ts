/**
 * Who can still win a league, from each member's points now and the most they can still reach. A member can win
 * while their maximum reaches the leader's points now (a tie for first counts); a member has clinched it when
 * their points now exceed every other member's maximum.
 */

interface RaceStanding { user_id: number; points: number; max_points: number }
interface RaceBounds extends RaceStanding { can_win: boolean; clinched: boolean }

export function raceBounds(members: readonly RaceStanding[]): RaceBounds[] {
  const leaderPoints = members.reduce((best, m) => Math.max(best, m.points), -Infinity);
  // The two largest maxima: every member's rival maximum is the largest among the others.
  let first = -Infinity;
  let second = -Infinity;
  let firstIndex = -1;
  members.forEach((m, i) => {
    if (m.max_points > first) { second = first; first = m.max_points; firstIndex = i; } else if (m.max_points > second) second = m.max_points;
  });
  return members.map((m, i) => {
    const rivalsMax = i === firstIndex ? second : first;
    return { ...m, can_win: m.max_points >= leaderPoints, clinched: m.points > rivalsMax };
  });
}

/**
 * The most a member can still earn from open matches: `perMatch` (each open match's best bet, before the joker)
 * with the member's remaining jokers on the matches where they are worth most.
 */
export function openMatchesMax(perMatch: readonly number[], jokersLeft: number, jokerMultiplier: number): number {
  const sorted = [...perMatch].sort((a, b) => b - a);
  return sorted.reduce((sum, points, i) => sum + (i < jokersLeft ? points * jokerMultiplier : points), 0);
}
