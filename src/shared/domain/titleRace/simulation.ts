import type { CrowdSplit, ScoringRules } from '../scoring';
import { SCORE_KEY, drawScore, drawnMatch, matchDraw, seededRandom, type GoalRates } from './goalModel';
import { bestPlacedBetPoints, crowdSplitOf, placedBetPoints } from './maxBetPoints';

/**
 * Simulated finishes of a league: every remaining match gets a score drawn from the goal model, the bets already
 * placed on it are scored (a member without a bet on it scores nothing there), and whoever ends with the most
 * points wins that finish; members sharing first split it. Picks and bonus questions still open are not drawn:
 * they keep the points they have. A member's chance is the share of finishes they win.
 */

export const SIMULATED_FINISHES = 10_000;

export interface SimulatedBet { member: number; local_goals: number; visiting_goals: number; weight: number }
export interface SimulatedMatch { round_id: number; bets: readonly SimulatedBet[] }
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
  private readonly byScore: (Int32Array | undefined)[] = new Array(SCORE_KEY * SCORE_KEY);
  /** Distinct predicted scores with the contenders (rank, weight) who bet each. */
  private readonly predictions: { local: number; visiting: number; ranks: Int32Array; weights: Float64Array }[];
  /** How every member bet on the match (contenders or not): what the crowd quote scores against. */
  private readonly crowd: CrowdSplit;

  constructor(private readonly rules: ScoringRules, private readonly roundId: number, bets: readonly SimulatedBet[], rankOf: Int32Array, private readonly size: number) {
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
   * Each contender's points for a result, two contenders to a 32-bit word (rank 2k in the low 16 bits, 2k + 1 in the
   * high ones), so that one addition adds a match's points to two totals.
   */
  pointsFor(score: number): Int32Array {
    let vector = this.byScore[score];
    if (vector) return vector;
    const result = drawnMatch(this.roundId, score);
    vector = new Int32Array((this.size + 1) >> 1);
    for (const prediction of this.predictions) {
      const base = placedBetPoints(this.rules, { local_goals: prediction.local, visiting_goals: prediction.visiting }, result, this.crowd);
      if (base === 0) continue;
      for (let i = 0; i < prediction.ranks.length; i++) {
        const rank = prediction.ranks[i];
        vector[rank >> 1] += (base * prediction.weights[i]) << ((rank & 1) << 4);
      }
    }
    this.byScore[score] = vector;
    return vector;
  }
}

/** Finishes simulated between two yields of raceSimulation (a server lets other work run meanwhile). */
export const FINISHES_PER_SLICE = 100;

/** A contender's total stays below this, so two totals share a 32-bit word without one spilling into the other. */
const LANE_LIMIT = 1 << 15;

/**
 * Each member's share of the simulated finishes they win (0 for non-contenders), yielding after every slice of
 * finishes; the generator's return value is the chances. Every contender's total is added up in full for every
 * finish, two contenders to a 32-bit word: 10,000 finishes of a 1,000-member league with 30 matches left are 150
 * million additions, a fraction of a second.
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
  const best = Float64Array.from(order, (i) => points[i]);
  for (const match of matches) {
    for (const bet of match.bets) {
      const r = rankOf[bet.member];
      if (r >= 0) best[r] += bestPlacedBetPoints(rules, bet, match.round_id, bet.weight);
    }
  }
  if (best.some((total, r) => total >= LANE_LIMIT || !Number.isInteger(total) || points[order[r]] < 0)) {
    throw new RangeError('title race: totals must be whole numbers from 0 to 32767');
  }
  const words = (size + 1) >> 1;
  const base = new Int32Array(words);
  order.forEach((member, rank) => { base[rank >> 1] += points[member] << ((rank & 1) << 4); });
  const tables = matches.map((match) => new MatchPoints(rules, match.round_id, match.bets, rankOf, size));
  const draws = matches.map((match) => matchDraw(input.rates, match.round_id, rules.knockout_basis));
  const random = seededRandom(input.seed);
  const count = matches.length;
  const wins = new Float64Array(size);
  const totals = new Int32Array(words);
  const firsts = new Int32Array(size);
  for (let run = 0; run < runs; run++) {
    if (run > 0 && run % FINISHES_PER_SLICE === 0) yield;
    totals.set(base);
    for (let m = 0; m < count; m++) {
      const vector = tables[m].pointsFor(drawScore(random, draws[m]));
      for (let w = 0; w < words; w++) totals[w] += vector[w];
    }
    let top = -1;
    let shared = 0;
    for (let r = 0; r < size; r++) {
      const total = (totals[r >> 1] >>> ((r & 1) << 4)) & 0xffff;
      if (total > top) { top = total; shared = 0; }
      if (total === top) firsts[shared++] = r;
    }
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
