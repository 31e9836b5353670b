import { goalRates, outcomeChances, type OutcomeModel } from '../../src/shared/domain/fairOdds/outcomeModel';

/** A match as the model is fitted on it: the rating gap (home advantage included) and the score. */
export interface FitMatch { gap: number; homeGoals: number; awayGoals: number }

/**
 * The maximum of a smooth concave function of two parameters by Newton's method, derivatives by central
 * differences (the two log-likelihoods below are concave in their parameters).
 */
function maximise(f: (a: number, b: number) => number, start: [number, number]): [number, number] {
  let [a, b] = start;
  const h = 1e-4;
  for (let step = 0; step < 100; step++) {
    const f0 = f(a, b);
    const ga = (f(a + h, b) - f(a - h, b)) / (2 * h);
    const gb = (f(a, b + h) - f(a, b - h)) / (2 * h);
    const haa = (f(a + h, b) - 2 * f0 + f(a - h, b)) / (h * h);
    const hbb = (f(a, b + h) - 2 * f0 + f(a, b - h)) / (h * h);
    const hab = (f(a + h, b + h) - f(a + h, b - h) - f(a - h, b + h) + f(a - h, b - h)) / (4 * h * h);
    const det = haa * hbb - hab * hab;
    if (!(det > 0) || !(haa < 0)) throw new Error('the log-likelihood is not concave here');
    let [da, db] = [-(hbb * ga - hab * gb) / det, -(-hab * ga + haa * gb) / det];
    // Halve the step until it improves (Newton can overshoot far from the maximum).
    let scale = 1;
    while (f(a + scale * da, b + scale * db) < f0 && scale > 1e-6) scale /= 2;
    [da, db] = [scale * da, scale * db];
    a += da;
    b += db;
    if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-9) break;
  }
  return [a, b];
}

const outcome = (m: FitMatch): 'home' | 'draw' | 'away' =>
  (m.homeGoals > m.awayGoals ? 'home' : m.homeGoals < m.awayGoals ? 'away' : 'draw');

/** The ordered logit's slope and cut with the greatest likelihood of the matches' outcomes. */
export function fitOutcomes(matches: readonly FitMatch[]): Pick<OutcomeModel, 'slope' | 'cut'> {
  const logLikelihood = (slope: number, cut: number) => {
    if (cut <= 0) return -Infinity;
    let sum = 0;
    const model = { slope, cut, goals_intercept: 0, goals_slope: 0 };
    for (const m of matches) sum += Math.log(Math.max(1e-12, outcomeChances(model, m.gap)[outcome(m)]));
    return sum;
  };
  const [slope, cut] = maximise(logLikelihood, [0.5, 0.5]);
  return { slope, cut };
}

/** The goal model's intercept and slope (Poisson goals per side) with the greatest likelihood of the scores. */
export function fitGoals(matches: readonly FitMatch[]): Pick<OutcomeModel, 'goals_intercept' | 'goals_slope'> {
  const logLikelihood = (intercept: number, slope: number) => {
    let sum = 0;
    const model = { slope: 0, cut: 1, goals_intercept: intercept, goals_slope: slope };
    for (const m of matches) {
      const rates = goalRates(model, m.gap);
      // log Poisson(k; rate) without the log(k!) term, which the parameters do not change.
      sum += m.homeGoals * Math.log(rates.home) - rates.home + m.awayGoals * Math.log(rates.away) - rates.away;
    }
    return sum;
  };
  const [goals_intercept, goals_slope] = maximise(logLikelihood, [0.3, 0.1]);
  return { goals_intercept, goals_slope };
}

export const fitModel = (matches: readonly FitMatch[]): OutcomeModel => ({ ...fitOutcomes(matches), ...fitGoals(matches) });
