import fc from 'fast-check';
import { ROUND } from '../rounds';
import { oddsPoints, resultBetLegend, resultBetPoints, SCORING_PRESETS, PERMYRIAD, type ScoredMatch, type ScoringRules } from '../scoring';
import { eloChange, expectedResult, goalMultiplier, HOME_ADVANTAGE, K_BY_IMPORTANCE, ratingGap } from './elo';
import { importanceOfCompetition } from './importance';
import {
  extraTimeChances, matchOdds, oddsForBasis, outcomeChances, percentages, toPermyriad, type OutcomeModel,
} from './outcomeModel';

/** Parameters of the size the fit gives (the shipped ones live in the server's snapshot). */
const MODEL: OutcomeModel = { slope: 0.525, cut: 0.661, goals_intercept: 0.16, goals_slope: 0.19 };
const gapArb = fc.double({ min: -900, max: 900, noNaN: true });
const sum = (c: { home: number; draw: number; away: number }) => c.home + c.draw + c.away;

describe('World Football Elo', () => {
  it('weighs the goal difference as eloratings.net does: 1, 1, 1.5, 1.75, then an eighth more per goal', () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(goalMultiplier)).toEqual([1, 1, 1.5, 1.75, 1.875, 2, 2.25]);
    expect(goalMultiplier(-3)).toBe(1.75);
  });

  it('moves equal teams by half the weight on a neutral win; home advantage is 100 points of expectation', () => {
    expect(eloChange({ local: 1800, visiting: 1800, neutral: true, k: K_BY_IMPORTANCE.world_cup, localGoals: 1, visitingGoals: 0 })).toBe(30);
    expect(eloChange({ local: 1800, visiting: 1800, neutral: true, k: 60, localGoals: 0, visitingGoals: 0 })).toBe(0);
    // At home the same win was expected 64%: a friendly (K 20) moves 20 x (1 - 0.640) = 7.2.
    expect(eloChange({ local: 1800, visiting: 1800, neutral: false, k: K_BY_IMPORTANCE.friendly, localGoals: 1, visitingGoals: 0 }))
      .toBeCloseTo(7.2, 1);
    expect(ratingGap(1800, 1800, false)).toBe(HOME_ADVANTAGE);
    // A 3-0 away win against a 200-point favourite at home: 40 x 1.75 x (0 - We) for the home side.
    const we = expectedResult(200 + HOME_ADVANTAGE);
    expect(eloChange({ local: 2000, visiting: 1800, neutral: false, k: 40, localGoals: 0, visitingGoals: 3 })).toBeCloseTo(-40 * 1.75 * we, 10);
  });

  it('is zero-sum and moves the winner up whatever the ratings', () => {
    fc.assert(fc.property(fc.double({ min: 800, max: 2400, noNaN: true }), fc.double({ min: 800, max: 2400, noNaN: true }), fc.boolean(),
      fc.nat(6), fc.nat(6), (a, b, neutral, x, y) => {
        const change = eloChange({ local: a, visiting: b, neutral, k: 40, localGoals: x, visitingGoals: y });
        const back = eloChange({ local: b, visiting: a, neutral: true, k: 40, localGoals: y, visitingGoals: x });
        if (x > y) expect(change).toBeGreaterThan(0);
        if (x < y) expect(change).toBeLessThan(0);
        if (neutral) expect(change + back).toBeCloseTo(0, 9);
      }));
  });

  it('reads a competition\'s weight class from its name', () => {
    expect(importanceOfCompetition('World Cup 2026')).toBe('world_cup');
    expect(importanceOfCompetition('FIFA World Cup qualification (UEFA)')).toBe('qualifier');
    expect(importanceOfCompetition('Euro 2028')).toBe('continental');
    expect(importanceOfCompetition('Copa América 2028')).toBe('continental');
    expect(importanceOfCompetition('UEFA Nations League 2026/27')).toBe('qualifier');
    expect(importanceOfCompetition('International friendlies')).toBe('friendly');
    expect(importanceOfCompetition('FIFA Club World Cup 2029')).toBe('tournament');
    expect(importanceOfCompetition('Spain Primera División 2026/27')).toBe('tournament');
  });
});

describe('the outcome model', () => {
  it('chances are probabilities summing to 1, the stronger side\'s growing with the gap', () => {
    fc.assert(fc.property(gapArb, fc.double({ min: 0, max: 200, noNaN: true }), (gap, more) => {
      const [c, d] = [outcomeChances(MODEL, gap), outcomeChances(MODEL, gap + more)];
      expect(sum(c)).toBeCloseTo(1, 12);
      for (const p of [c.home, c.draw, c.away]) expect(p).toBeGreaterThanOrEqual(0);
      expect(d.home).toBeGreaterThanOrEqual(c.home);
      expect(d.away).toBeLessThanOrEqual(c.away);
      const e = extraTimeChances(MODEL, gap);
      expect(sum(e)).toBeCloseTo(1, 12);
    }));
  });

  it('permyriad chances sum to exactly 10,000, none below 1, each within one of the exact share', () => {
    fc.assert(fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 3 }), (parts) => {
      fc.pre(parts.reduce((a, b) => a + b, 0) > 0);
      const whole = toPermyriad(parts);
      expect(whole.reduce((a, b) => a + b, 0)).toBe(PERMYRIAD);
      for (const p of whole) expect(p).toBeGreaterThanOrEqual(1);
    }));
    fc.assert(fc.property(gapArb, fc.boolean(), (gap, knockout) => {
      const odds = matchOdds(MODEL, gap, knockout);
      const exact = outcomeChances(MODEL, gap);
      expect(sum(odds)).toBe(PERMYRIAD);
      expect(Math.abs(odds.home - exact.home * PERMYRIAD)).toBeLessThanOrEqual(1);
      expect(Math.abs(odds.draw - exact.draw * PERMYRIAD)).toBeLessThanOrEqual(1);
      expect(sum(percentages(odds))).toBe(100);
      if (!knockout) {
        expect(odds.extra_time).toBeNull();
        expect(odds.through).toBeNull();
        return;
      }
      expect(sum(odds.extra_time!)).toBe(PERMYRIAD);
      expect(odds.through!.home + odds.through!.away).toBe(PERMYRIAD);
      // Going through is winning in 90 minutes, or level and then winning extra time or the shoot-out.
      expect(odds.through!.home).toBeGreaterThanOrEqual(odds.home - 1);
      expect(odds.through!.home).toBeLessThanOrEqual(odds.home + odds.draw + 1);
      expect(odds.extra_time!.draw).toBeLessThanOrEqual(odds.draw);
    }));
  });

  it('two equal teams on neutral ground: the same chance each, and a fair chance to go through', () => {
    const odds = matchOdds(MODEL, 0, true);
    expect(Math.abs(odds.home - odds.away)).toBeLessThanOrEqual(1);
    expect(odds.through!.home).toBe(5_000);
  });

  it('the chances a league compares bets with: 90 minutes, after extra time, or going through', () => {
    const odds = matchOdds(MODEL, 150, true);
    expect(oddsForBasis(odds, 'penalties', ROUND.GROUP_STAGE)).toEqual({ home: odds.home, draw: odds.draw, away: odds.away });
    expect(oddsForBasis(odds, 'regular', ROUND.FINAL)).toEqual({ home: odds.home, draw: odds.draw, away: odds.away });
    expect(oddsForBasis(odds, 'extra_time', ROUND.FINAL)).toEqual(odds.extra_time);
    expect(oddsForBasis(odds, 'penalties', ROUND.FINAL)).toEqual({ home: odds.through!.home, draw: 0, away: odds.through!.away });
  });
});

describe('odds scoring', () => {
  const chanceArb = fc.integer({ min: 1, max: PERMYRIAD });
  const tendencyArb = fc.integer({ min: 0, max: 20 });
  const maxArb = fc.integer({ min: 1, max: 50 });

  it('points never grow with the chance (monotone in p), and stay between the tendency and the ceiling', () => {
    fc.assert(fc.property(tendencyArb, chanceArb, chanceArb, maxArb, (t, p, q, max) => {
      const [low, high] = p <= q ? [p, q] : [q, p];
      expect(oddsPoints(t, low, max)).toBeGreaterThanOrEqual(oddsPoints(t, high, max));
      expect(oddsPoints(t, p, max)).toBeGreaterThanOrEqual(t);
      expect(oddsPoints(t, p, max)).toBeLessThanOrEqual(Math.max(t, max));
    }));
  });

  it('is tendency / p rounded half up inside the bounds', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), chanceArb, (t, p) => {
      const exact = (t * PERMYRIAD) / p;
      const points = oddsPoints(t, p, 1_000_000);
      expect(points - exact).toBeGreaterThanOrEqual(-0.5);
      expect(points - exact).toBeLessThan(0.5 + 1e-9);
    }));
    // The example with the preset (base 1, at most 10): 62% -> 2, 23% -> 4, 15% -> 7; 8% hits the ceiling.
    expect([6_200, 2_300, 1_500, 800].map((p) => oddsPoints(1, p, 10))).toEqual([2, 4, 7, 10]);
    expect(oddsPoints(1, 0, 10)).toBe(10);
  });

  it('a right tendency earns the odds points of the result\'s outcome, plus goal difference and exact; side goals count nothing', () => {
    const rules: ScoringRules = { bets_system: 'exact', scoring: { ...SCORING_PRESETS.odds, local_goals: 3, visiting_goals: 3 }, knockout_basis: 'regular' };
    const odds = { home: 6_200, draw: 2_300, away: 1_500 };
    const match = (local: number, visiting: number): ScoredMatch => ({
      round_id: ROUND.GROUP_STAGE, finished: 1, local_goals: local, visiting_goals: visiting, local_goals_extra_time: null, visiting_goals_extra_time: null,
    });
    const points = (bl: number, bv: number, ml: number, mv: number) =>
      resultBetPoints(rules, { local_goals: bl, visiting_goals: bv }, match(ml, mv), undefined, undefined, odds);
    expect(points(2, 1, 1, 0)).toBe(2 + 1);
    expect(points(1, 0, 1, 0)).toBe(2 + 1 + 2);
    expect(points(1, 1, 0, 0)).toBe(4);
    expect(points(0, 0, 0, 0)).toBe(4 + 2);
    expect(points(0, 2, 1, 3)).toBe(7 + 1);
    expect(points(2, 0, 0, 1)).toBe(0);
    // Without sealed chances the tendency earns its base points.
    expect(resultBetPoints(rules, { local_goals: 0, visiting_goals: 2 }, match(1, 3))).toBe(1 + 1);
    const legend = resultBetLegend(rules, { local_goals: 0, visiting_goals: 2 }, match(1, 3), undefined, odds)!;
    expect(legend.map((row) => [row.key, row.points, row.max_points])).toEqual([['tendency', 7, 10], ['goal_difference', 1, 1], ['exact', 0, 2]]);
  });
});
