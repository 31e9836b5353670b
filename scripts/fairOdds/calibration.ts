import { outcomeChances, type Chances, type OutcomeModel } from '../../src/shared/domain/fairOdds/outcomeModel';
import type { FitMatch } from './fitModel';

const OUTCOMES = ['home', 'draw', 'away'] as const;
const observed = (m: FitMatch): Chances => {
  const sign = Math.sign(m.homeGoals - m.awayGoals);
  return { home: Number(sign === 1), draw: Number(sign === 0), away: Number(sign === -1) };
};

/** The mean Brier score of chances against the outcomes: the sum over the three outcomes of (p - o)^2. */
export function brierScore(matches: readonly FitMatch[], chancesOf: (m: FitMatch) => Chances): number {
  let sum = 0;
  for (const m of matches) {
    const [p, o] = [chancesOf(m), observed(m)];
    for (const key of OUTCOMES) sum += (p[key] - o[key]) ** 2;
  }
  return sum / matches.length;
}

export interface ReliabilityRow { from: number; to: number; forecasts: number; meanForecast: number; observedRate: number }

/**
 * Every forecast chance (three per match) in bins of `width`: how many, their mean and how often that outcome
 * happened. A calibrated model's observed rate is near its mean forecast in every bin.
 */
export function reliabilityTable(matches: readonly FitMatch[], model: OutcomeModel, width = 0.2): ReliabilityRow[] {
  const bins = Math.round(1 / width);
  const rows = Array.from({ length: bins }, (_, i) => ({ from: i * width, to: (i + 1) * width, forecasts: 0, sum: 0, hits: 0 }));
  for (const m of matches) {
    const [p, o] = [outcomeChances(model, m.gap), observed(m)];
    for (const key of OUTCOMES) {
      const row = rows[Math.min(bins - 1, Math.floor(p[key] / width))];
      row.forecasts += 1;
      row.sum += p[key];
      row.hits += o[key];
    }
  }
  return rows.filter((r) => r.forecasts > 0)
    .map((r) => ({ from: r.from, to: r.to, forecasts: r.forecasts, meanForecast: r.sum / r.forecasts, observedRate: r.hits / r.forecasts }));
}
