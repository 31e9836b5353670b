import { ROUND } from '../rounds';
import { SCORING_PRESETS, type ScoringPresetKey, type ScoringRules } from '../scoring';
import { SCORE_KEY, drawnMatch, fitGoalRates, matchDraw, scoreChances } from './goalModel';
import { crowdSplitOf, placedBetPoints } from './maxBetPoints';
import { ModeledPoints, addModeledGains } from './modeledBets';
import { seededRandom } from '../seededRandom';
import { simulateRace, type SimulatedMatch } from './simulation';

const rulesOf = (preset: ScoringPresetKey): ScoringRules => ({ bets_system: 'exact', scoring: SCORING_PRESETS[preset], knockout_basis: 'regular' });
const classic = rulesOf('classic');
const rates = fitGoalRates([]);
const model = { chances: { home: 5_000, draw: 2_700, away: 2_300 }, rates: { home: 1.6, away: 1.0 } };
/** Matches nobody has bet on yet, still before their deadline: each member's bet there is modeled. */
const openMatches = (count: number, rules: ScoringRules): SimulatedMatch[] => Array.from({ length: count }, () => ({
  round_id: ROUND.GROUP_STAGE, bets: [], model, open: { factor: 1, odds: rules.scoring.mode === 'odds' ? model.chances : null },
}));
const race = (points: number[], matches: SimulatedMatch[], rules = classic) =>
  simulateRace({ rules, rates, points, contenders: points.map(() => true), matches, seed: 7, runs: 4_000 });

describe('modeled bets on open matches', () => {
  it("gives a modeled bet's mean and variance against a result as the chance-weighted points of every modeled score", () => {
    const draw = matchDraw(rates, ROUND.GROUP_STAGE, 'regular', model);
    const modeled = new ModeledPoints(classic, ROUND.GROUP_STAGE, draw, { factor: 2, odds: null });
    const bets = scoreChances(draw, 0.002);
    expect(bets.reduce((sum, b) => sum + b.p, 0)).toBeCloseTo(1, 12);
    const result = 2 * SCORE_KEY + 1;
    const points = bets.map((b) => 2 * placedBetPoints(classic, { local_goals: b.local, visiting_goals: b.visiting }, drawnMatch(ROUND.GROUP_STAGE, result), crowdSplitOf([])));
    const mean = bets.reduce((sum, b, i) => sum + b.p * points[i], 0);
    const variance = bets.reduce((sum, b, i) => sum + b.p * (points[i] - mean) ** 2, 0);
    const [mu, sigma2] = modeled.momentsFor(result);
    expect(mu).toBeCloseTo(mean, 9);
    expect(sigma2).toBeCloseTo(variance, 9);
    // A 2-1 home win: an exact bet earns the most, so the mean lies between nothing and the exact points (twice).
    expect(mu).toBeGreaterThan(0);
    expect(mu).toBeLessThan(2 * 5);
  });

  it("draws each contender's open-match points as a whole-point normal with the given mean and variance, kept between 0 and the cap", () => {
    const gains = new Float64Array(50_000);
    addModeledGains(gains, 10, 9, 100, seededRandom(3));
    const mean = gains.reduce((a, b) => a + b, 0) / gains.length;
    const variance = gains.reduce((sum, g) => sum + (g - mean) ** 2, 0) / gains.length;
    expect(Math.abs(mean - 10)).toBeLessThan(0.05);
    // Rounding to whole points adds a twelfth of a point squared.
    expect(Math.abs(variance - 9 - 1 / 12)).toBeLessThan(0.2);
    expect(gains.every((g) => Number.isInteger(g))).toBe(true);
    addModeledGains(gains, 10, 400, 30, seededRandom(4));
    expect(Math.min(...gains)).toBe(0);
    expect(Math.max(...gains)).toBe(30);
  });

  it('with 44 matches open a member 20 points behind keeps a chance, smaller than the leader\'s', () => {
    const [leader, behind] = race([20, 0], openMatches(44, classic));
    expect(behind).toBeGreaterThan(0.01);
    expect(leader).toBeGreaterThan(behind);
    expect(leader + behind).toBeCloseTo(1, 9);
    // Scoring only bets already placed, open matches scored nobody: the leader won every finish.
    expect(race([20, 0], openMatches(44, classic).map((m) => ({ ...m, open: null })))).toEqual(Float64Array.from([1, 0]));
  });

  it('never gives a member more than the open matches can earn: further behind than that, no finish is won', () => {
    // Eight open matches at 5 points at most: 41 behind cannot be caught even when flagged a contender.
    expect(race([41, 0], openMatches(8, classic))[1]).toBe(0);
    expect(race([40, 0], openMatches(8, classic))[0]).toBeGreaterThan(0.99);
  });

  it.each<ScoringPresetKey>(['winner', 'kicktipp', 'quote', 'odds'])('models the bets of a %s league: chances spread and sum to 1', (preset) => {
    const rules = rulesOf(preset);
    const chances = race([6, 3, 0], openMatches(20, rules), rules);
    expect(chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    chances.forEach((chance) => { expect(chance).toBeGreaterThan(0); expect(chance).toBeLessThan(1); });
  });

  it('draws the same results with or without modeled bets: a placed bet scores as before', () => {
    // One closed match with Ann's and Ben's bets, and three matches besides. Modeling bets on those three (at no
    // weight) leaves the closed match's draws as they were: the modeled bets draw from a generator of their own.
    const closed: SimulatedMatch = { round_id: ROUND.GROUP_STAGE, model, bets: [
      { member: 0, local_goals: 1, visiting_goals: 0, weight: 1 }, { member: 1, local_goals: 0, visiting_goals: 1, weight: 1 },
    ] };
    const others = openMatches(3, classic);
    const without = race([0, 0], [closed, ...others.map((m) => ({ ...m, open: null }))]);
    expect(race([0, 0], [closed, ...others.map((m) => ({ ...m, open: { factor: 0, odds: null } }))])).toEqual(without);
    expect(without[0]).toBeGreaterThan(0);
    expect(without[1]).toBeGreaterThan(0);
  });
});
