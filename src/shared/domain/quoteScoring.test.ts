import fc from 'fast-check';
import {
  SCORING_PRESETS, maxResultBetPoints, quotePoints, resultBetLegend, resultBetPoints, type CrowdSplit, type ScoredMatch,
  type ScoringRules,
} from './scoring';

const quote: ScoringRules = { bets_system: 'exact', scoring: SCORING_PRESETS.quote, knockout_basis: 'regular' };
const finished = (local: number, visiting: number, extra: Partial<ScoredMatch> = {}): ScoredMatch => ({
  round_id: 1, finished: 1, local_goals: local, visiting_goals: visiting,
  local_goals_extra_time: null, visiting_goals_extra_time: null, ...extra,
});
const bet = (local: number, visiting: number) => ({ local_goals: local, visiting_goals: visiting });
const crowd = (home: number, draw: number, away: number): CrowdSplit => ({ home, draw, away });

const tendencyArb = fc.integer({ min: 1, max: 20 });
const quoteMaxArb = fc.integer({ min: 1, max: 50 });
/** N members with a real bet and n >= 1 of them right. */
const countsArb = fc.integer({ min: 1, max: 200 }).chain((n) => fc.integer({ min: n, max: n + 300 }).map((N) => ({ N, n })));

describe('quotePoints (crowd-quote scoring)', () => {
  it('stays between the tendency and quote_max (or the tendency when quote_max is below it)', () => {
    fc.assert(fc.property(tendencyArb, countsArb, quoteMaxArb, (t, { N, n }, max) => {
      const points = quotePoints(t, N, n, max);
      expect(points).toBeGreaterThanOrEqual(t);
      expect(points).toBeLessThanOrEqual(Math.max(t, max));
    }));
  });

  it('is tendency x N / n rounded half up when that lies inside the bounds', () => {
    fc.assert(fc.property(tendencyArb, countsArb, (t, { N, n }) => {
      const exact = (t * N) / n;
      const points = quotePoints(t, N, n, 1_000_000);
      // Round half up: within half a point below, strictly less than half a point above.
      expect(points - exact).toBeGreaterThanOrEqual(-0.5);
      expect(points - exact).toBeLessThan(0.5 + 1e-9);
      if (Number.isInteger(exact * 2) && !Number.isInteger(exact)) expect(points).toBe(exact + 0.5);
    }));
  });

  it('never earns less for a rarer tendency (monotonic in rarity)', () => {
    fc.assert(fc.property(tendencyArb, countsArb, quoteMaxArb, (t, { N, n }, max) => {
      fc.pre(n > 1);
      expect(quotePoints(t, N, n - 1, max)).toBeGreaterThanOrEqual(quotePoints(t, N, n, max));
      expect(quotePoints(t, N + 1, n, max)).toBeGreaterThanOrEqual(quotePoints(t, N, n, max));
    }));
  });

  it('a right tendency is never counted by nobody: n = 0 reads as the bet alone', () => {
    fc.assert(fc.property(tendencyArb, fc.integer({ min: 0, max: 50 }), quoteMaxArb, (t, N, max) => {
      expect(quotePoints(t, N, 0, max)).toBe(quotePoints(t, Math.max(N, 1), 1, max));
    }));
  });

  it('the issue example: 7 of 20 said draw with tendency 2 earns 6 (5.71 rounded); 2 of 20 hits the ceiling 10', () => {
    expect(quotePoints(2, 20, 7, 10)).toBe(6);
    expect(quotePoints(2, 20, 2, 10)).toBe(10);
    expect(quotePoints(2, 20, 20, 10)).toBe(2);
    // 2 x 5 / 4 = 2.5 rounds up to 3.
    expect(quotePoints(1, 5, 2, 10)).toBe(3);
  });
});

describe('quote mode in the result-bet rules', () => {
  it('a lone right tendency earns more than a shared one; exact adds its points; a wrong tendency earns 0', () => {
    const split = crowd(1, 3, 0);
    expect(resultBetPoints(quote, bet(2, 1), finished(1, 0), undefined, split)).toBe(8);
    expect(resultBetPoints(quote, bet(1, 0), finished(1, 0), undefined, split)).toBe(10);
    expect(resultBetPoints(quote, bet(1, 1), finished(2, 2), undefined, split)).toBe(3);
    expect(resultBetPoints(quote, bet(2, 2), finished(2, 2), undefined, split)).toBe(5);
    expect(resultBetPoints(quote, bet(0, 1), finished(2, 2), undefined, split)).toBe(0);
  });

  it('ignores goal difference and side goals, and multiplies by round factor and joker', () => {
    const rules: ScoringRules = { ...quote, scoring: { ...quote.scoring, goal_difference: 5, local_goals: 5, visiting_goals: 5 } };
    expect(resultBetPoints(rules, bet(3, 1), finished(2, 0), undefined, crowd(2, 0, 2))).toBe(4);
    const weights = { round_multipliers: [{ round_id: 1, factor: 2 }], jokers: { count: 1, multiplier: 3 } };
    expect(resultBetPoints(rules, { ...bet(3, 1), joker: true }, finished(2, 0), weights, crowd(2, 0, 2))).toBe(24);
  });

  it('the legend shows the quote earned and quote_max as the most a tendency can earn', () => {
    const legend = resultBetLegend(quote, bet(1, 1), finished(0, 0), crowd(10, 7, 3))!;
    expect(legend.map((r) => [r.key, r.points, r.max_points])).toEqual([['tendency', 6, 10], ['exact', 0, 2]]);
    expect(maxResultBetPoints(quote)).toBe(12);
    expect(maxResultBetPoints({ ...quote, bets_system: 'sign' })).toBe(10);
  });

  it('the knockout basis decides the tendency: after extra time a 1-1 that ended 2-1 is a home win', () => {
    const knockout = finished(1, 1, { round_id: 4, local_goals_extra_time: 1, visiting_goals_extra_time: 0 });
    const rules: ScoringRules = { ...quote, knockout_basis: 'extra_time' };
    expect(resultBetPoints(rules, bet(2, 0), knockout, undefined, crowd(1, 4, 0))).toBe(10);
    expect(resultBetPoints({ ...rules, knockout_basis: 'regular' }, bet(1, 1), knockout, undefined, crowd(1, 4, 0))).toBe(5);
  });
});
