import { betHitsOf } from './scoring';

/**
 * Tie-breaks of a league table as pure functions: the server ranks stored standings with them and
 * property tests pin the ordering. Hits are those of betHitsOf (scoring.ts).
 */

export const TIE_BREAKS = ['exact_hits', 'matchday_wins', 'goal_difference_hits', 'tendency_hits', 'bonus_points'] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];

/** What a member's row is ranked on. */
export interface RankedStats {
  points: number;
  exact_hits: number;
  matchday_wins: number;
  goal_difference_hits: number;
  tendency_hits: number;
  points_bonus: number;
}

const statOf = (row: RankedStats, key: TieBreak): number => (key === 'bonus_points' ? row.points_bonus : row[key]);

/**
 * Negative when `a` ranks ahead of `b`: more points first, then each tie-break in order (more is better).
 * Zero means the two share a position.
 */
export function compareStandings(a: RankedStats, b: RankedStats, tieBreaks: readonly TieBreak[]): number {
  if (a.points !== b.points) return b.points - a.points;
  for (const key of tieBreaks) {
    const difference = statOf(b, key) - statOf(a, key);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * Sorted by compareStandings, rows it cannot tell apart by `tieOrder` (names), with competition positions
 * (1, 1, 3): rows equal on points and every tie-break share a position.
 */
export function rankStandings<T extends RankedStats>(
  rows: readonly T[], tieBreaks: readonly TieBreak[], tieOrder: (a: T, b: T) => number,
): (T & { position: number })[] {
  const sorted = [...rows].sort(standingsOrder(tieBreaks, tieOrder));
  let position = 0;
  return sorted.map((row, index) => {
    position = positionAt(sorted, index, position, tieBreaks);
    return { ...row, position };
  });
}

/** The order rankStandings lists rows in. */
export const standingsOrder = <T extends RankedStats>(tieBreaks: readonly TieBreak[], tieOrder: (a: T, b: T) => number) =>
  (a: T, b: T): number => compareStandings(a, b, tieBreaks) || tieOrder(a, b);

/** The position of `sorted[index]` (rows in standingsOrder), `previous` being the position of the row before it. */
export function positionAt<T extends RankedStats>(sorted: readonly T[], index: number, previous: number, tieBreaks: readonly TieBreak[]): number {
  return index === 0 || compareStandings(sorted[index], sorted[index - 1], tieBreaks) !== 0 ? index + 1 : previous;
}

/** A valid tie-break list: known keys, each at most once. */
export function isTieBreakList(value: readonly string[]): value is TieBreak[] {
  return value.every((key) => (TIE_BREAKS as readonly string[]).includes(key)) && new Set(value).size === value.length;
}

/** The stored JSON of a league's tie-breaks, tolerant of anything unexpected (none). */
export function parseTieBreaks(json: string | null | undefined): TieBreak[] {
  try {
    const value: unknown = JSON.parse(json ?? '[]');
    return Array.isArray(value) && value.every((v) => typeof v === 'string') && isTieBreakList(value) ? value : [];
  } catch {
    return [];
  }
}

/**
 * The hits a table counts for one bet (betHitsOf of scoring.ts); in the `sign` system only the tendency counts
 * (a 1-0 sign bet on a 1-0 result is no exact hit).
 */
export function tableHits(
  bet: { local: number; visiting: number }, result: { local: number; visiting: number }, signOnly = false,
): { tendency: boolean; goal_difference: boolean; exact: boolean } {
  const hits = betHitsOf(bet, result);
  return { tendency: hits.tendency, goal_difference: !signOnly && hits.goal_difference, exact: !signOnly && hits.exact };
}
