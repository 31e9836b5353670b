import type { CrowdSplit, Outcomes, ScoringRules } from '../scoring';
import { SCORE_KEY, drawScore, drawnMatch, matchDraw, type GoalRates, type ModelMatch } from './goalModel';
import { seededRandom } from '../seededRandom';
import { bestPlacedBetPoints, crowdSplitOf, maxBetPoints, placedBetPoints } from './maxBetPoints';
import { ModeledPoints, addModeledGains, type OpenMatch } from './modeledBets';

/**
 * Simulated finishes of a league: every remaining match gets a score drawn from the goal model. On a match past
 * its deadline the bets placed are scored (a member without a bet on it scores nothing there); on a match still
 * open nobody's bet is shown, so every contender's bet is modeled (modeledBets.ts). Whoever ends with the most
 * points wins that finish; members sharing first split it. Picks and bonus questions still open are not drawn:
 * they keep the points they have. A member's chance is the share of finishes they win.
 */

export const SIMULATED_FINISHES = 10_000;

export interface SimulatedBet { member: number; local_goals: number; visiting_goals: number; weight: number }
export interface SimulatedMatch {
  round_id: number; bets: readonly SimulatedBet[];
  /** The rating model's view of the match (teams known), drawn from instead of the competition's goal rates. */
  model?: ModelMatch | null;
  /** The model's chances sealed at the deadline, of the results the league compares bets with (odds scoring). */
  odds?: Outcomes | null;
  /** A match still open: its bets (none given) are modeled for every contender. */
  open?: OpenMatch | null;
}
export interface RaceInput {
  rules: ScoringRules;
  rates: GoalRates;
  /** Each member's points now, by member index. */
  points: readonly number[];
  /** Members who can still win (the others are never simulated: they cannot end first). */
  contenders: readonly boolean[];
  matches: readonly SimulatedMatch[];
  runs?: number;
  seed: number;
}

/** A match's points per contender for each result drawn so far, built the first time that result is drawn. */
class MatchPoints {
  /** null: nobody scores with that result (a match without bets), so nothing is added. */
  private readonly byScore: (Int32Array | null | undefined)[] = new Array(SCORE_KEY * SCORE_KEY);
  /** Distinct predicted scores with the contenders (rank, weight) who bet each. */
  private readonly predictions: { local: number; visiting: number; ranks: Int32Array; weights: Float64Array }[];
  /** How every member bet on the match (contenders or not): what the crowd quote scores against. */
  private readonly crowd: CrowdSplit;

  constructor(
    private readonly rules: ScoringRules, private readonly roundId: number, bets: readonly SimulatedBet[], rankOf: Int32Array,
    private readonly size: number, private readonly lanes: number, private readonly odds: Outcomes | null,
  ) {
    const groups = new Map<string, { local: number; visiting: number; ranks: number[]; weights: number[] }>();
    this.crowd = crowdSplitOf(bets);
    for (const bet of bets) {
      const rank = rankOf[bet.member];
      if (rank < 0) continue;
      const key = `${bet.local_goals}:${bet.visiting_goals}`;
      const group = groups.get(key) ?? { local: bet.local_goals, visiting: bet.visiting_goals, ranks: [], weights: [] };
      group.ranks.push(rank);
      group.weights.push(bet.weight);
      groups.set(key, group);
    }
    this.predictions = [...groups.values()].map((g) => ({ ...g, ranks: Int32Array.from(g.ranks), weights: Float64Array.from(g.weights) }));
  }

  /**
   * Each contender's points for a result, packed `lanes` contenders to a 32-bit word (rank r in lane r % lanes), so
   * that one addition adds a match's points to that many totals.
   */
  pointsFor(score: number): Int32Array | null {
    let vector = this.byScore[score];
    if (vector !== undefined) return vector;
    if (this.predictions.length === 0) return (this.byScore[score] = null);
    const result = drawnMatch(this.roundId, score);
    const { lanes } = this;
    const bits = 32 / lanes;
    vector = new Int32Array(Math.ceil(this.size / lanes));
    for (const prediction of this.predictions) {
      const base = placedBetPoints(this.rules, { local_goals: prediction.local, visiting_goals: prediction.visiting }, result, this.crowd, this.odds);
      if (base === 0) continue;
      for (let i = 0; i < prediction.ranks.length; i++) {
        const rank = prediction.ranks[i];
        vector[(rank / lanes) | 0] += (base * prediction.weights[i]) << ((rank % lanes) * bits);
      }
    }
    this.byScore[score] = vector;
    return vector;
  }
}

/** Finishes simulated between two yields of raceSimulation (a server lets other work run meanwhile). */
const FINISHES_PER_SLICE = 100;

/**
 * What a contender can still gain in a finish decides how many gains share a 32-bit word: four under 256 points
 * (8 bits each), else two under 65,536 (16 bits each). Each lane stays below its limit, so no addition carries into
 * the next.
 */
const lanesFor = (largestGain: number): number => (largestGain < 1 << 8 ? 4 : largestGain < 1 << 16 ? 2 : 1);

// The two hot loops are plain functions: inside the generator their variables would live in its context.

function addInto(gains: Int32Array, vector: Int32Array): void {
  for (let w = 0; w < gains.length; w++) gains[w] += vector[w];
}

/**
 * Writes into `firsts` the contenders with the highest total (points now plus this finish's gain and modeled gain);
 * answers how many.
 */
function firstPlaces(base: Float64Array, gains: Int32Array, modeled: Float64Array, lanes: number, firsts: Int32Array): number {
  const laneShift = Math.log2(lanes);
  const bitShift = Math.log2(32 / lanes);
  const mask = lanes === 1 ? -1 : (1 << (32 / lanes)) - 1;
  let top = -Infinity;
  let shared = 0;
  for (let r = 0; r < base.length; r++) {
    const total = base[r] + modeled[r] + ((gains[r >> laneShift] >>> ((r & (lanes - 1)) << bitShift)) & mask);
    if (total > top) { top = total; shared = 0; }
    if (total === top) firsts[shared++] = r;
  }
  return shared;
}

/**
 * Each member's share of the simulated finishes they win (0 for non-contenders), yielding after every slice of
 * finishes; the generator's return value is the chances. Every contender's gain is added up in full for every
 * finish, several contenders to a 32-bit word: 10,000 finishes of a 1,000-member league with 30 matches left are
 * 75 to 150 million additions, a fraction of a second. Open matches add per finish one look-up each (their modeled
 * points' mean and variance for the drawn score, built once per score) and one normal draw per contender.
 */
export function* raceSimulation(input: RaceInput): Generator<void, Float64Array, void> {
  const { rules, matches, points } = input;
  const runs = input.runs ?? SIMULATED_FINISHES;
  const members = points.length;
  const chance = new Float64Array(members);
  const order = [...Array(members).keys()].filter((i) => input.contenders[i]);
  const size = order.length;
  if (size === 0) return chance;
  const rankOf = new Int32Array(members).fill(-1);
  order.forEach((member, rank) => { rankOf[member] = rank; });
  const gain = new Float64Array(size);
  for (const match of matches) {
    for (const bet of match.bets) {
      const r = rankOf[bet.member];
      if (r >= 0) gain[r] += bestPlacedBetPoints(rules, bet, match.round_id, bet.weight, match.odds);
    }
  }
  const lanes = lanesFor(Math.max(...gain));
  const base = Float64Array.from(order, (i) => points[i]);
  const words = Math.ceil(size / lanes);
  const tables = matches.map((match) => new MatchPoints(rules, match.round_id, match.bets, rankOf, size, lanes, match.odds ?? null));
  const draws = matches.map((match) => matchDraw(input.rates, match.round_id, rules.knockout_basis, match.model));
  const random = seededRandom(input.seed);
  // The modeled bets draw from a generator of their own, so the results drawn are the same with or without them.
  const betRandom = seededRandom(input.seed ^ 0x5bd1e995);
  const open = matches.flatMap((match, m) => (match.open
    ? [{ m, points: new ModeledPoints(rules, match.round_id, draws[m], match.open), cap: maxBetPoints(rules, match.open.factor, 1) }] : []));
  const openCap = open.reduce((sum, o) => sum + o.cap, 0);
  const modeled = new Float64Array(size);
  const scores = new Int32Array(matches.length);
  const wins = new Float64Array(size);
  const gains = new Int32Array(words);
  const firsts = new Int32Array(size);
  for (let run = 0; run < runs; run++) {
    if (run > 0 && run % FINISHES_PER_SLICE === 0) yield;
    gains.fill(0);
    for (let m = 0; m < tables.length; m++) {
      scores[m] = drawScore(random, draws[m]);
      const vector = tables[m].pointsFor(scores[m]);
      if (vector !== null) addInto(gains, vector);
    }
    if (open.length > 0) {
      let mean = 0;
      let variance = 0;
      for (const o of open) {
        const [mu, sigma2] = o.points.momentsFor(scores[o.m]);
        mean += mu;
        variance += sigma2;
      }
      addModeledGains(modeled, mean, variance, openCap, betRandom);
    }
    const shared = firstPlaces(base, gains, modeled, lanes, firsts);
    for (let k = 0; k < shared; k++) wins[firsts[k]] += 1 / shared;
  }
  order.forEach((member, rank) => { chance[member] = wins[rank] / runs; });
  return chance;
}

/** raceSimulation run to the end at once. */
export function simulateRace(input: RaceInput): Float64Array {
  const simulation = raceSimulation(input);
  for (;;) {
    const step = simulation.next();
    if (step.done) return step.value;
  }
}
