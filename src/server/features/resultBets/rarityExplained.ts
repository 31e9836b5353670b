import {
  crowdOf, crowdTotal, oddsPoints, outcomeOf, quotePoints, resultSign, scoringResult, PERMYRIAD, type CrowdSplit, type Outcomes,
  type ScoredMatch, type ScoringRules,
} from '../../../shared/domain/scoring';
import type { Translate } from '../../platform/i18n/messages';

const OUTCOME = { 1: 'points.outcome.home', 0: 'points.outcome.draw', '-1': 'points.outcome.away' } as const;

/**
 * A crowd-quote league's tendency row, in words: how many of the league's real bets had the result's tendency and
 * what a right tendency earns ("7 of 20 said draw: 6 points"). Null before the match has a result.
 */
export function quoteExplained(rules: ScoringRules, match: ScoredMatch, crowd: CrowdSplit, t: Translate): string | null {
  const result = scoringResult(match, rules.knockout_basis);
  if (!result) return null;
  const sign = resultSign(result.local, result.visiting);
  const right = crowdOf(crowd, sign);
  const bets = crowdTotal(crowd);
  const points = quotePoints(rules.scoring.tendency, bets, right, rules.scoring.quote_max);
  return t('points.quote', { right, bets, outcome: t(OUTCOME[sign]), points });
}

/**
 * An odds league's tendency row, in words: the model's chance of the result's outcome sealed at the deadline and
 * what a right tendency earns ("The model gave draw 23%: 4 points"). Null before the match has a result.
 */
export function oddsExplained(rules: ScoringRules, match: ScoredMatch, odds: Outcomes, t: Translate): string | null {
  const result = scoringResult(match, rules.knockout_basis);
  if (!result) return null;
  const sign = resultSign(result.local, result.visiting);
  const chance = outcomeOf(odds, sign);
  const points = oddsPoints(rules.scoring.tendency, chance, rules.scoring.quote_max);
  return t('points.odds', { outcome: t(OUTCOME[sign]), percent: Math.round((100 * chance) / PERMYRIAD), points });
}
