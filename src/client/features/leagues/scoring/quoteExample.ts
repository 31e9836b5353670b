import { quotePoints, type Scoring } from '../../../../shared/domain/scoring';

/** The numbers the crowd-quote explanation names: the tendency's points, the maximum, and 7 of 20 right. */
export const quoteExample = (scoring: Scoring) => ({
  tendency: scoring.tendency, max: scoring.quote_max, example: quotePoints(scoring.tendency, 20, 7, scoring.quote_max),
});
