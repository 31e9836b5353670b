import { PERMYRIAD, resultSign, type Outcomes, type ScoringRules } from '../scoring';
import { drawnMatch, scoreChances, type MatchDraw } from './goalModel';
import { placedBetPoints } from './maxBetPoints';

/**
 * A match still open: no member's bet on it is shown, so each contender's bet there is modeled, drawn from the
 * same model the match's result is drawn from (the rating model's chances where the teams are known, else the
 * competition's goals so far). Modeled bets carry no joker.
 */
export interface OpenMatch {
  /** The round's factor, the weight of every bet on the match. */
  factor: number;
  /** The chances the odds scoring will seal at the deadline (the model's chances now), or null. */
  odds: Outcomes | null;
}

/** Scores less likely than this are left out of the modeled bets (the rest scaled to sum to 1). */
const MODELED_SCORE_FLOOR = 0.002;

/**
 * What a modeled bet earns on an open match for each result drawn: its mean and variance over the modeled bets,
 * built the first time a result is drawn. The crowd quote of a modeled match is the model's own split of the bets.
 */
export class ModeledPoints {
  private readonly moments = new Map<number, readonly [number, number]>();
  private readonly bets: { local_goals: number; visiting_goals: number; p: number }[];
  private readonly crowd: Outcomes;

  constructor(private readonly rules: ScoringRules, private readonly roundId: number, draw: MatchDraw, private readonly open: OpenMatch) {
    this.bets = scoreChances(draw, MODELED_SCORE_FLOOR).map((s) => ({ local_goals: s.local, visiting_goals: s.visiting, p: s.p }));
    const split = { home: 0, draw: 0, away: 0 };
    for (const bet of this.bets) {
      const sign = resultSign(bet.local_goals, bet.visiting_goals);
      split[sign === 1 ? 'home' : sign === 0 ? 'draw' : 'away'] += bet.p * PERMYRIAD;
    }
    this.crowd = split;
  }

  /** [mean, variance] of a modeled bet's points (weighted) against a drawn score. */
  momentsFor(score: number): readonly [number, number] {
    const known = this.moments.get(score);
    if (known) return known;
    const result = drawnMatch(this.roundId, score);
    let mean = 0;
    let square = 0;
    for (const bet of this.bets) {
      const points = placedBetPoints(this.rules, bet, result, this.crowd, this.open.odds) * this.open.factor;
      mean += bet.p * points;
      square += bet.p * points * points;
    }
    const moments = [mean, Math.max(0, square - mean * mean)] as const;
    this.moments.set(score, moments);
    return moments;
  }
}

/**
 * Φ⁻¹(p), the standard normal's quantile by Acklam's rational approximation (relative error below 1.2e-9), in
 * closed form: the table below is built when the module loads, in every process, so it must cost next to nothing.
 */
const CENTRAL_NUMERATOR = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const CENTRAL_DENOMINATOR = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1, 1];
const TAIL_NUMERATOR = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const TAIL_DENOMINATOR = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416, 1];
const TAIL = 0.02425;

function polynomial(coefficients: number[], x: number): number {
  let sum = 0;
  for (const c of coefficients) sum = sum * x + c;
  return sum;
}

function normalQuantile(p: number): number {
  if (p < TAIL || p > 1 - TAIL) {
    const q = Math.sqrt(-2 * Math.log(Math.min(p, 1 - p)));
    const x = polynomial(TAIL_NUMERATOR, q) / polynomial(TAIL_DENOMINATOR, q);
    return p < TAIL ? x : -x;
  }
  const q = p - 0.5;
  return (polynomial(CENTRAL_NUMERATOR, q * q) * q) / polynomial(CENTRAL_DENOMINATOR, q * q);
}

/**
 * The standard normal's quantiles at the middles of QUANTILES equal slices (to about ±3.7): a normal draw is one
 * uniform index into them, a look-up instead of a logarithm, a root and a cosine per draw.
 */
const QUANTILES = 4096;
function quantileTable(): Float64Array {
  const table = new Float64Array(QUANTILES);
  for (let k = 0; k < QUANTILES; k++) table[k] = normalQuantile((k + 0.5) / QUANTILES);
  return table;
}
const NORMAL_QUANTILES = quantileTable();

/**
 * Each contender's points from the open matches in one finish, written into `into`: given the drawn results, the
 * contenders' modeled bets are independent, so their sum over the open matches is drawn as a normal with the
 * summed means and variances (the open matches are many while it matters), rounded and kept between 0 and `cap`
 * (the most bets there can earn, so no total passes max_points). One uniform draw and one look-up per contender
 * and finish, so the cost does not grow with the number of open matches.
 */
export function addModeledGains(into: Float64Array, mean: number, variance: number, cap: number, random: () => number): void {
  const spread = Math.sqrt(variance);
  for (let r = 0; r < into.length; r++) {
    const gain = Math.round(mean + spread * NORMAL_QUANTILES[(random() * QUANTILES) | 0]);
    into[r] = gain <= 0 ? 0 : gain > cap ? cap : gain;
  }
}
