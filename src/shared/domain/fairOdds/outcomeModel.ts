import { isKnockoutRound } from '../rounds';
import { PERMYRIAD, type KnockoutBasis, type Outcomes } from '../scoring';

/**
 * A match's chances from the two sides' ratings (elo.ts's rating gap, home advantage included):
 * - 90 minutes, an ordered logit on x = gap / 100: P(local win) = s(slope x - cut), P(visiting win) = s(-slope x - cut),
 *   the draw what is left (s the logistic function). `cut` > 0 is the draw's width.
 * - extra time (knockout matches level after 90 minutes): each side's goals Poisson at a third of its 90-minute
 *   rate exp(goals_intercept +- goals_slope x); a shoot-out still level is a fair coin.
 * The parameters are fitted on the international results (docs/fair-odds.md), shipped with the ratings.
 */
export interface OutcomeModel { slope: number; cut: number; goals_intercept: number; goals_slope: number }

/** Chances of home win, draw and away win: fractions, or whole parts of PERMYRIAD (shown, sealed and scored by). */
export type Chances = Outcomes;

/**
 * The model's chances of a match in permyriad: the 90 minutes; for a knockout match also after extra time (a
 * shoot-out leaves it level) and of going through (shoot-out included).
 */
export interface MatchOdds extends Chances {
  extra_time: Chances | null;
  through: { home: number; away: number } | null;
}

const logistic = (z: number) => 1 / (1 + Math.exp(-z));
const EXTRA_TIME_SHARE = 1 / 3;
const MAX_GOALS = 12;

/** The 90-minute chances as fractions. */
export function outcomeChances(model: OutcomeModel, gap: number): Chances {
  const x = gap / 100;
  const home = logistic(model.slope * x - model.cut);
  const away = logistic(-model.slope * x - model.cut);
  return { home, draw: Math.max(0, 1 - home - away), away };
}

/** Each side's expected goals in 90 minutes. */
export function goalRates(model: OutcomeModel, gap: number): { home: number; away: number } {
  const x = gap / 100;
  return { home: Math.exp(model.goals_intercept + model.goals_slope * x), away: Math.exp(model.goals_intercept - model.goals_slope * x) };
}

function poisson(rate: number): number[] {
  const p = [Math.exp(-rate)];
  for (let k = 1; k <= MAX_GOALS; k++) p.push((p[k - 1] * rate) / k);
  return p;
}

/** Extra time's chances (fractions) for a match level after 90 minutes. */
export function extraTimeChances(model: OutcomeModel, gap: number): Chances {
  const rates = goalRates(model, gap);
  const [home, away] = [poisson(rates.home * EXTRA_TIME_SHARE), poisson(rates.away * EXTRA_TIME_SHARE)];
  const chances = { home: 0, draw: 0, away: 0 };
  for (let i = 0; i <= MAX_GOALS; i++) {
    for (let j = 0; j <= MAX_GOALS; j++) {
      const p = home[i] * away[j];
      if (i > j) chances.home += p; else if (i < j) chances.away += p; else chances.draw += p;
    }
  }
  const sum = chances.home + chances.draw + chances.away;
  return { home: chances.home / sum, draw: chances.draw / sum, away: chances.away / sum };
}

/** Parts scaled to whole numbers summing to `total` exactly (largest remainders; ties to the first part). */
export function wholeParts(parts: readonly number[], total: number): number[] {
  const sum = parts.reduce((a, b) => a + b, 0);
  if (sum <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p / sum) * total);
  const whole = exact.map((e) => Math.floor(e));
  let left = total - whole.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - whole[i] })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    whole[i] += 1;
    left -= 1;
  }
  return whole;
}

/**
 * Fractions as whole permyriad summing to PERMYRIAD, none below 1: an outcome the model calls possible is never
 * shown as 0 nor scored as if impossible (its point is taken from the likeliest outcome).
 */
export function toPermyriad(fractions: readonly number[]): number[] {
  const whole = wholeParts(fractions, PERMYRIAD);
  for (let i = 0; i < whole.length; i++) {
    if (whole[i] >= 1) continue;
    whole[whole.indexOf(Math.max(...whole))] -= 1 - whole[i];
    whole[i] = 1;
  }
  return whole;
}

const chancesOf = ([home, draw, away]: number[]): Chances => ({ home, draw, away });

/** The model's chances of a match (permyriad), knockout ones with extra time and going through. */
export function matchOdds(model: OutcomeModel, gap: number, knockout: boolean): MatchOdds {
  const ninety = outcomeChances(model, gap);
  const base = chancesOf(toPermyriad([ninety.home, ninety.draw, ninety.away]));
  if (!knockout) return { ...base, extra_time: null, through: null };
  const extra = extraTimeChances(model, gap);
  const extraTime = chancesOf(toPermyriad([
    ninety.home + ninety.draw * extra.home, ninety.draw * extra.draw, ninety.away + ninety.draw * extra.away,
  ]));
  const [home, away] = toPermyriad([
    ninety.home + ninety.draw * (extra.home + extra.draw / 2), ninety.away + ninety.draw * (extra.away + extra.draw / 2),
  ]);
  return { ...base, extra_time: extraTime, through: { home, away } };
}

/**
 * The chances of the results a league compares bets with (scoringResult): the 90 minutes; in a knockout match of
 * a league scoring extra time, after it (a shoot-out is a draw); scoring penalties, going through (never a draw).
 */
export function oddsForBasis(odds: MatchOdds, basis: KnockoutBasis, roundId: number): Chances {
  if (!isKnockoutRound(roundId) || basis === 'regular' || !odds.extra_time || !odds.through) {
    return { home: odds.home, draw: odds.draw, away: odds.away };
  }
  if (basis === 'extra_time') return odds.extra_time;
  return { home: odds.through.home, draw: 0, away: odds.through.away };
}

/** Whole percentages of permyriad chances summing to 100, for showing. */
export const percentages = (chances: Chances): Chances => chancesOf(wholeParts([chances.home, chances.draw, chances.away], 100));
