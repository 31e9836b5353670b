import fc from 'fast-check';
import { ROUND } from '../rounds';
import { scoringResult, PERMYRIAD, type KnockoutBasis, type Scoring, type ScoringRules } from '../scoring';
import { raceBounds } from './bounds';
import { SCORE_KEY, drawScore, drawnMatch, fitGoalRates, matchDraw } from './goalModel';
import { seededRandom } from '../seededRandom';
import { bestPlacedBetPoints, crowdSplitOf, maxBetPoints, placedBetPoints } from './maxBetPoints';
import { simulateRace, type SimulatedMatch } from './simulation';

const hit = fc.integer({ min: 0, max: 5 });
const rulesArb: fc.Arbitrary<ScoringRules> = fc.record({
  bets_system: fc.constantFrom('exact' as const, 'sign' as const),
  scoring: fc.record<Scoring>({
    mode: fc.constantFrom('additive' as const, 'highest' as const, 'quote' as const, 'odds' as const),
    tendency: hit, goal_difference: hit, exact: hit, local_goals: hit, visiting_goals: hit, quote_max: fc.integer({ min: 5, max: 12 }),
  }),
  knockout_basis: fc.constantFrom<KnockoutBasis>('regular', 'extra_time', 'penalties'),
});
const goals = fc.integer({ min: 0, max: 4 });
const roundArb = fc.constantFrom(ROUND.GROUP_STAGE, ROUND.SEMI_FINALS, ROUND.FINAL);
/** Permyriad chances of home, draw and away (a 0 now and then), as sealed for odds scoring. */
const oddsArb = fc.tuple(fc.nat(PERMYRIAD), fc.nat(PERMYRIAD)).map(([a, b]) => {
  const [low, high] = a <= b ? [a, b] : [b, a];
  return { home: low, draw: high - low, away: PERMYRIAD - high };
});
/** The rating model's view of a match: its chances and goal rates. */
const modelArb = fc.record({ chances: oddsArb, rates: fc.record({ home: fc.double({ min: 0.2, max: 3, noNaN: true }), away: fc.double({ min: 0.2, max: 3, noNaN: true }) }) });

/** A league near its end: members' points now, and the bets placed on the matches left. */
const raceArb = fc.record({
  rules: rulesArb,
  points: fc.array(fc.integer({ min: 0, max: 25 }), { minLength: 1, maxLength: 6 }),
  matches: fc.array(fc.record({
    round_id: roundArb,
    odds: fc.option(oddsArb),
    model: fc.option(modelArb),
    bets: fc.array(fc.record({ local_goals: goals, visiting_goals: goals, weight: fc.constantFrom(1, 2, 3), placed: fc.boolean() }), { minLength: 6, maxLength: 6 }),
  }), { maxLength: 4 }),
  seed: fc.nat(),
});

type Race = typeof raceArb extends fc.Arbitrary<infer T> ? T : never;
const simulatedMatches = (race: Race): SimulatedMatch[] => race.matches.map((m) => ({
  round_id: m.round_id, odds: m.odds, model: m.model,
  bets: m.bets.slice(0, race.points.length).flatMap((b, member) => (b.placed ? [{ ...b, member }] : [])),
}));
/** The most each member can reach in a finish: points now plus each placed bet exact. */
const maxima = (race: Race) => race.points.map((points, member) => points + simulatedMatches(race)
  .reduce((sum, m) => sum + m.bets.filter((b) => b.member === member).reduce((s, b) => s + bestPlacedBetPoints(race.rules, b, m.round_id, b.weight, m.odds), 0), 0));

/** Every finish scored in full, with the same draws as simulateRace: what the pruned simulation must equal. */
function naiveChances(race: Race, runs: number): number[] {
  const matches = simulatedMatches(race);
  const rates = fitGoalRates([]);
  const random = seededRandom(race.seed);
  const draws = matches.map((m) => matchDraw(rates, m.round_id, race.rules.knockout_basis, m.model));
  const wins = race.points.map(() => 0);
  for (let run = 0; run < runs; run++) {
    const totals = [...race.points];
    matches.forEach((m, i) => {
      const result = drawnMatch(m.round_id, drawScore(random, draws[i]));
      const crowd = crowdSplitOf(m.bets);
      for (const bet of m.bets) totals[bet.member] += placedBetPoints(race.rules, bet, result, crowd, m.odds) * bet.weight;
    });
    const top = Math.max(...totals);
    const first = totals.flatMap((t, i) => (t === top ? [i] : []));
    for (const i of first) wins[i] += 1 / first.length;
  }
  return wins.map((w) => w / runs);
}

describe('title race bounds', () => {
  it('a placed bet never earns more than itself exact, nor that more than the most a bet can earn', () => {
    fc.assert(fc.property(rulesArb, roundArb, goals, goals, goals, goals, fc.integer({ min: 1, max: 3 }), fc.option(oddsArb), (rules, round, bl, bv, rl, rv, weight, odds) => {
      const result = { round_id: round, finished: 1, local_goals: rl, visiting_goals: rv, local_goals_extra_time: 0, visiting_goals_extra_time: 0 };
      const bet = { local_goals: bl, visiting_goals: bv };
      expect(scoringResult(result, rules.knockout_basis)).not.toBeNull();
      // The bet among a few others (the quote depends on how many share its tendency).
      const crowd = crowdSplitOf([bet, { local_goals: rl, visiting_goals: rv }, { local_goals: 0, visiting_goals: 0 }]);
      expect(placedBetPoints(rules, bet, result, crowd, odds) * weight).toBeLessThanOrEqual(bestPlacedBetPoints(rules, bet, round, weight, odds));
      expect(bestPlacedBetPoints(rules, bet, round, weight, odds)).toBeLessThanOrEqual(maxBetPoints(rules, weight, 1));
    }));
  });

  it('a member unable to win never wins a finish, a member who clinched wins every one, and chances sum to 1', () => {
    fc.assert(fc.property(raceArb, (race) => {
      const max = maxima(race);
      const bounds = raceBounds(race.points.map((points, i) => ({ user_id: i + 1, points, max_points: max[i] })));
      // Every member simulated, so the bounds are checked against the finishes rather than assumed.
      const chance = simulateRace({
        rules: race.rules, rates: fitGoalRates([]), points: race.points, contenders: race.points.map(() => true),
        matches: simulatedMatches(race), runs: 200, seed: race.seed,
      });
      bounds.forEach((b, i) => {
        expect(b.max_points).toBeGreaterThanOrEqual(b.points);
        if (!b.can_win) expect(chance[i]).toBe(0);
        if (b.clinched) expect(chance[i]).toBeCloseTo(1, 9);
      });
      expect(bounds.some((b) => b.can_win)).toBe(true);
      expect(chance.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      expect(bounds.filter((b) => b.clinched).length).toBeLessThanOrEqual(1);
    }), { numRuns: 150 });
  });

  it('the pruned simulation gives exactly the chances of scoring every finish in full', () => {
    fc.assert(fc.property(raceArb, (race) => {
      const chance = simulateRace({
        rules: race.rules, rates: fitGoalRates([]), points: race.points, contenders: race.points.map(() => true),
        matches: simulatedMatches(race), runs: 150, seed: race.seed,
      });
      naiveChances(race, 150).forEach((expected, i) => expect(chance[i]).toBeCloseTo(expected, 9));
    }), { numRuns: 100 });
  });

  it('the same data and seed give the same chances', () => {
    const race = fc.sample(raceArb, { numRuns: 1, seed: 4 })[0];
    const input = { rules: race.rules, rates: fitGoalRates([{ local_goals: 3, visiting_goals: 0 }]), points: race.points,
      contenders: race.points.map(() => true), matches: simulatedMatches(race), runs: 300, seed: 9 };
    expect(simulateRace(input)).toEqual(simulateRace(input));
  });
});

describe('goal model', () => {
  it('shrinks the competition means toward the prior and draws scores near them', () => {
    const rates = fitGoalRates(Array.from({ length: 90 }, () => ({ local_goals: 3, visiting_goals: 0 })));
    expect(rates.home).toBeCloseTo((270 + 15) / 100, 9);
    expect(rates.away).toBeCloseTo(11.5 / 100, 9);
    const random = seededRandom(1);
    const draw = matchDraw(rates, ROUND.GROUP_STAGE, 'regular');
    let home = 0;
    for (let i = 0; i < 20_000; i++) home += Math.floor(drawScore(random, draw) / SCORE_KEY);
    expect(home / 20_000).toBeCloseTo(rates.home, 1);
  });

  it("draws a rated match's outcome with the model's chances, its scores from the match's own rates", () => {
    const model = { chances: { home: 6_200, draw: 2_300, away: 1_500 }, rates: { home: 2.1, away: 0.7 } };
    const random = seededRandom(7);
    const draw = matchDraw(fitGoalRates([]), ROUND.GROUP_STAGE, 'regular', model);
    const counts = { home: 0, draw: 0, away: 0 };
    const runs = 40_000;
    for (let i = 0; i < runs; i++) {
      const score = drawScore(random, draw);
      const sign = Math.sign(Math.floor(score / SCORE_KEY) - (score % SCORE_KEY));
      counts[sign === 1 ? 'home' : sign === 0 ? 'draw' : 'away'] += 1;
    }
    // Within 1.2 points of the model's chances (four standard errors at these counts).
    expect(Math.abs(counts.home / runs - 0.62)).toBeLessThan(0.012);
    expect(Math.abs(counts.draw / runs - 0.23)).toBeLessThan(0.012);
    expect(Math.abs(counts.away / runs - 0.15)).toBeLessThan(0.012);
  });

  it('settles a level knockout match in extra time and penalties only where the league scores them', () => {
    const rates = { home: 0.01, away: 0.01, matches: 0 };
    const random = seededRandom(3);
    const level = (score: number) => Math.floor(score / SCORE_KEY) === score % SCORE_KEY;
    expect(level(drawScore(random, matchDraw(rates, ROUND.FINAL, 'regular')))).toBe(true);
    expect(level(drawScore(random, matchDraw(rates, ROUND.FINAL, 'extra_time')))).toBe(true);
    expect(level(drawScore(random, matchDraw(rates, ROUND.FINAL, 'penalties')))).toBe(false);
    expect(level(drawScore(random, matchDraw(rates, ROUND.GROUP_STAGE, 'penalties')))).toBe(true);
  });
});
