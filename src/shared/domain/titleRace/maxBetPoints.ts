import {
  maxResultBetPoints, oddsPoints, outcomeOf, resultBetPoints, resultSign, type BetGoals, type CrowdSplit, type Outcomes, type ScoredMatch,
  type ScoringRules,
} from '../scoring';

/**
 * The most result bets can still earn, per league scoring mode. Every function switches on the mode so that a
 * mode whose points depend on the other members' bets adds its own case here.
 */

/** The most a bet still to be placed can earn: the mode's best hit, times the round factor and the joker. */
export function maxBetPoints(rules: ScoringRules, roundFactor: number, jokerMultiplier: number): number {
  switch (rules.scoring.mode) {
    case 'additive':
    case 'highest':
    case 'quote': // maxResultBetPoints counts a right tendency at quote_max
    case 'odds':
      return maxResultBetPoints(rules) * roundFactor * jokerMultiplier;
  }
}

/**
 * The most a placed bet can earn: the result being the bet itself (an exact hit scores every hit the bet can
 * make), times its weight (round factor and joker). Zero for an empty bet or when result bets are disabled.
 * `odds`: the model's chances sealed for the match, as the league compares bets (odds mode).
 */
export function bestPlacedBetPoints(rules: ScoringRules, bet: BetGoals, roundId: number, weight: number, odds?: Outcomes | null): number {
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
    case 'quote':
      // However few share it, a right tendency earns at most quote_max; exact adds its points.
      return maxResultBetPoints(rules) * weight;
    case 'odds': {
      if (!odds || rules.bets_system === 'disabled') return maxResultBetPoints(rules) * weight;
      // The bet's own outcome at its sealed chance, plus its goal difference (not a draw's) and exact points.
      const sign = resultSign(bet.local_goals, bet.visiting_goals);
      const { tendency, goal_difference: gd, exact, quote_max: max } = rules.scoring;
      const sides = rules.bets_system === 'exact' ? (sign === 0 ? 0 : gd) + exact : 0;
      return (oddsPoints(tendency, outcomeOf(odds, sign), max) + sides) * weight;
    }
  }
}

/** How the league bet on a match (its members' real bets by tendency), for the crowd quote. */
export function crowdSplitOf(bets: readonly BetGoals[]): CrowdSplit {
  const split = { home: 0, draw: 0, away: 0 };
  for (const bet of bets) {
    if (bet.local_goals === null || bet.visiting_goals === null) continue;
    const sign = resultSign(bet.local_goals, bet.visiting_goals);
    if (sign === 1) split.home += 1; else if (sign === 0) split.draw += 1; else split.away += 1;
  }
  return split;
}

/**
 * What a placed bet earns against a result, before its weight. `match` is the match with its (drawn or real)
 * result; `crowd` is how the league bet on it, which the crowd quote scores a right tendency by; `odds` the
 * model's sealed chances, which the odds score it by.
 */
export function placedBetPoints(rules: ScoringRules, bet: BetGoals, match: ScoredMatch, crowd: CrowdSplit, odds?: Outcomes | null): number {
  switch (rules.scoring.mode) {
    case 'additive':
    case 'highest':
      return resultBetPoints(rules, bet, match) ?? 0;
    case 'quote':
      return resultBetPoints(rules, bet, match, undefined, crowd) ?? 0;
    case 'odds':
      return resultBetPoints(rules, bet, match, undefined, undefined, odds ?? undefined) ?? 0;
  }
}
