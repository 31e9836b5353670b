import { resultBetPoints, type ScoringRules } from '../../../../shared/domain/scoring';

/**
 * The form's live example: what a 2-1 bet earns when the match ends 3-1 (in an odds league, a home win the model
 * gave 50%).
 */
export const EXAMPLE = { bet: { local_goals: 2, visiting_goals: 1 }, result: { local: 3, visiting: 1 }, odds: { home: 5_000, draw: 2_500, away: 2_500 } } as const;

export function examplePoints(rules: ScoringRules): number {
  return resultBetPoints(rules, EXAMPLE.bet, {
    round_id: 1, finished: true, local_goals: EXAMPLE.result.local, visiting_goals: EXAMPLE.result.visiting,
    local_goals_extra_time: null, visiting_goals_extra_time: null,
  }, undefined, undefined, EXAMPLE.odds) ?? 0;
}

/** Match rounds a league may weigh: a league season's regular season, or a cup's group stage and knockout rounds. */
export const weighableRounds = (isLeague: boolean): number[] => (isLeague ? [2] : [1, 3, 4, 5, 6, 9, 7]);
