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
  private readonly byScore: (Float64Array | undefined)[] = new Array(SCORE_KEY * SCORE_KEY);
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

  pointsFor(score: number): Float64Array {
    let vector = this.byScore[score];
    if (vector) return vector;
    const result = drawnMatch(this.roundId, score);
    vector = new Float64Array(this.size);
    for (const prediction of this.predictions) {
      const base = placedBetPoints(this.rules, { local_goals: prediction.local, visiting_goals: prediction.visiting }, result, this.crowd);
      if (base === 0) continue;
      for (let i = 0; i < prediction.ranks.length; i++) vector[prediction.ranks[i]] += base * prediction.weights[i];
    }
    this.byScore[score] = vector;
    return vector;
  }
}

/** Finishes simulated between two yields of raceSimulation (a server lets other work run meanwhile). */
export const FINISHES_PER_SLICE = 100;

/**
 * Each member's share of the simulated finishes they win (0 for non-contenders), yielding after every slice of
 * finishes; the generator's return value is the chances. A finish first adds up in full the contenders who won the
 * previous finish (a strong best total from the start), then the others match by match, dropping those whose total
 * plus the most their remaining bets bring falls below the best total so far.
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
  // rest[m * size + r]: the most contender r can still add from match m on (their bets there and after exact).
  const count = matches.length;
  const rest = new Float64Array((count + 1) * size);
  for (let m = count - 1; m >= 0; m--) {
    for (let r = 0; r < size; r++) rest[m * size + r] = rest[(m + 1) * size + r];
    for (const bet of matches[m].bets) {
      const r = rankOf[bet.member];
      if (r >= 0) rest[m * size + r] += bestPlacedBetPoints(rules, bet, matches[m].round_id, bet.weight);
    }
  }
  const base = Float64Array.from(order, (i) => points[i]);
  const tables = matches.map((match) => new MatchPoints(rules, match.round_id, match.bets, rankOf, size));
  const draws = matches.map((match) => matchDraw(input.rates, match.round_id, rules.knockout_basis));
  const random = seededRandom(input.seed);
  const drawn: Float64Array[] = new Array(count);
  const wins = new Float64Array(size);
  const totals = new Float64Array(size);
  const active = new Int32Array(size);
  const firsts = new Int32Array(size);
  let previous = 0;
  for (let run = 0; run < runs; run++) {
    if (run > 0 && run % FINISHES_PER_SLICE === 0) yield;
    for (let m = 0; m < count; m++) drawn[m] = tables[m].pointsFor(drawScore(random, draws[m]));
    // The previous finish's winners, in full: the best total starts near its final value.
    let top = -Infinity;
    for (let k = 0; k < previous; k++) {
      const r = firsts[k];
      let total = base[r];
      for (let m = 0; m < count; m++) total += drawn[m][r];
      if (total > top) top = total;
    }
    totals.set(base);
    let live = 0;
    for (let r = 0; r < size; r++) {
      if (base[r] + rest[r] >= top) active[live++] = r;
      if (base[r] > top) top = base[r];
    }
    for (let m = 0; m < count; m++) {
      const vector = drawn[m];
      const after = (m + 1) * size;
      let kept = 0;
      for (let k = 0; k < live; k++) {
        const r = active[k];
        const total = totals[r] + vector[r];
        totals[r] = total;
        if (total > top) top = total;
        if (total + rest[after + r] >= top) active[kept++] = r;
      }
      live = kept;
    }
    previous = 0;
    for (let k = 0; k < live; k++) if (totals[active[k]] === top) firsts[previous++] = active[k];
    for (let k = 0; k < previous; k++) wins[firsts[k]] += 1 / previous;
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
