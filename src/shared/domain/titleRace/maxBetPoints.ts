import { maxResultBetPoints, resultBetPoints, type BetGoals, type ScoredMatch, type ScoringRules } from '../scoring';

/**
 * The most result bets can still earn, per league scoring mode. Every function switches on the mode so that a
 * mode whose points depend on the other members' bets adds its own case here.
 */

/** The most a bet still to be placed can earn: the mode's best hit, times the round factor and the joker. */
export function maxBetPoints(rules: ScoringRules, roundFactor: number, jokerMultiplier: number): number {
  switch (rules.scoring.mode) {
    case 'additive':
    case 'highest':
      return maxResultBetPoints(rules) * roundFactor * jokerMultiplier;
  }
}

/**
 * The most a placed bet can earn: the result being the bet itself (an exact hit scores every hit the bet can
 * make), times its weight (round factor and joker). Zero for an empty bet or when result bets are disabled.
 */
export function bestPlacedBetPoints(rules: ScoringRules, bet: BetGoals, roundId: number, weight: number): number {
  if (bet.local_goals === null || bet.visiting_goals === null) return 0;
  switch (rules.scoring.mode) {
    case 'additive':
    case 'highest': {
      const asResult: ScoredMatch = {
        round_id: roundId, finished: 1, local_goals: bet.local_goals, visiting_goals: bet.visiting_goals,
        local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: null, visiting_penalties: null,
      };
      // The basis is irrelevant here: the bet is compared with itself.
      return (resultBetPoints({ ...rules, knockout_basis: 'regular' }, bet, asResult) ?? 0) * weight;
    }
  }
}

/**
 * What a placed bet earns against a result, before its weight. `match` is the match with its (drawn or real)
 * result; `_crowd` is every bet of the league on it, for a mode that scores a bet against how many others got it
 * right (the modes above do not need it).
 */
export function placedBetPoints(rules: ScoringRules, bet: BetGoals, match: ScoredMatch, _crowd: readonly BetGoals[] = []): number {
  switch (rules.scoring.mode) {
    case 'additive':
    case 'highest':
      return resultBetPoints(rules, bet, match) ?? 0;
  }
}
