/**
 * World Football Elo ratings (the formula eloratings.net publishes): after a match each team's rating moves by
 * K x G x (W - We), the two moves summing to zero.
 * - K, the match's weight: 60 World Cup finals, 50 continental championship finals and major intercontinental
 *   tournaments, 40 World Cup and continental qualifiers and major tournaments, 30 other tournaments, 20 friendlies.
 * - G, the goal-difference multiplier: 1 for a draw or a one-goal win, 1.5 for two goals, 1.75 for three, and
 *   1.75 + (N - 3) / 8 for N >= 4.
 * - W, the result: 1 win, 0.5 draw (a shoot-out counts as a draw), 0 loss.
 * - We, the expected result: 1 / (10^(-dr / 400) + 1), dr the rating difference plus HOME_ADVANTAGE for a team at
 *   home (none on neutral ground).
 */

export type MatchImportance = 'world_cup' | 'continental' | 'qualifier' | 'tournament' | 'friendly';

export const K_BY_IMPORTANCE: Readonly<Record<MatchImportance, number>> = {
  world_cup: 60, continental: 50, qualifier: 40, tournament: 30, friendly: 20,
};

export const HOME_ADVANTAGE = 100;

/** The goal-difference multiplier G of a match won by `margin` goals (0: a draw). */
export function goalMultiplier(margin: number): number {
  const n = Math.abs(margin);
  if (n <= 1) return 1;
  if (n === 2) return 1.5;
  return 1.75 + (n - 3) / 8;
}

/** The local side's rating advantage: the difference plus the home advantage unless on neutral ground. */
export const ratingGap = (local: number, visiting: number, neutral: boolean): number =>
  local - visiting + (neutral ? 0 : HOME_ADVANTAGE);

/** We: the local side's expected result (between 0 and 1) for a rating gap (ratingGap). */
export const expectedResult = (gap: number): number => 1 / (10 ** (-gap / 400) + 1);

/** The local side's rating change for a result (the visiting side's is its negative). */
export function eloChange(args: {
  local: number; visiting: number; neutral: boolean; k: number; localGoals: number; visitingGoals: number;
}): number {
  const margin = args.localGoals - args.visitingGoals;
  const w = margin > 0 ? 1 : margin < 0 ? 0 : 0.5;
  return args.k * goalMultiplier(margin) * (w - expectedResult(ratingGap(args.local, args.visiting, args.neutral)));
}
