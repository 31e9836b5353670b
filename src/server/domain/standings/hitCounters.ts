/**
 * A member's hits over the league's scored result bets, which the league's tie-breaks compare: stored per matchday
 * row with its points (tableHits of shared/domain/tieBreaks.ts, in SQL: scoringSql.ts betHitsSql) and summed into
 * the member's ranked row.
 */
export interface HitCounters { exact_hits: number; goal_difference_hits: number; tendency_hits: number }

export const NO_HITS: HitCounters = { exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0 };
