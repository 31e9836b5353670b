import { oddsPoints, quotePoints, type Scoring } from '../../../../shared/domain/scoring';

/**
 * The numbers the crowd-quote and odds explanations name: the tendency's points, the maximum, and the example's
 * points (7 of 20 right; a draw the model gave 23%).
 */
export const quoteExample = (scoring: Scoring) => ({
  tendency: scoring.tendency, max: scoring.quote_max,
  example: scoring.mode === 'odds' ? oddsPoints(scoring.tendency, 2_300, scoring.quote_max) : quotePoints(scoring.tendency, 20, 7, scoring.quote_max),
});
