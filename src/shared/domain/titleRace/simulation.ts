import { scoringResult, type ScoredMatch, type ScoringRules } from '../scoring';
import { drawResult, matchDraw, seededRandom, type GoalRates } from './goalModel';
import { bestPlacedBetPoints, placedBetPoints } from './maxBetPoints';

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
  private readonly byResult = new Map<number, Float64Array>();
  /** Distinct predicted scores with the contenders (rank, weight) who bet each. */
  private readonly predictions: { local: number; visiting: number; ranks: Int32Array; weights: Float64Array }[];

  constructor(private readonly rules: ScoringRules, bets: readonly SimulatedBet[], rankOf: Int32Array, private readonly size: number) {
    const groups = new Map<string, { local: number; visiting: number; ranks: number[]; weights: number[] }>();
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

  pointsFor(result: ScoredMatch): Float64Array {
    const outcome = scoringResult(result, this.rules.knockout_basis)!;
    const key = outcome.local * 1000 + outcome.visiting;
    let vector = this.byResult.get(key);
    if (vector) return vector;
    vector = new Float64Array(this.size);
    for (const prediction of this.predictions) {
      const base = placedBetPoints(this.rules, { local_goals: prediction.local, visiting_goals: prediction.visiting }, result);
      if (base === 0) continue;
      for (let i = 0; i < prediction.ranks.length; i++) vector[prediction.ranks[i]] += base * prediction.weights[i];
    }
    this.byResult.set(key, vector);
    return vector;
  }
}

/**
 * Each member's share of the simulated finishes they win (0 for non-contenders). Contenders are ranked by the most
 * they can reach in a finish; a finish stops adding up members once the next one's reach is below the best total
 * found, and stops adding up a member once what they have plus the most their remaining bets bring falls below it.
 */
export function simulateRace(input: RaceInput): Float64Array {
  const { rules, matches, points } = input;
  const runs = input.runs ?? SIMULATED_FINISHES;
  const members = points.length;
  const chance = new Float64Array(members);
  // Each contender's best per match (their bet exact) and the reach that gives.
  const best = matches.map(() => new Float64Array(members));
  const reach = Float64Array.from(points);
  matches.forEach((match, m) => {
    for (const bet of match.bets) {
      const value = bestPlacedBetPoints(rules, bet, match.round_id, bet.weight);
      best[m][bet.member] += value;
      reach[bet.member] += value;
    }
  });
  const order = [...Array(members).keys()].filter((i) => input.contenders[i]).sort((a, b) => reach[b] - reach[a]);
  const size = order.length;
  if (size === 0) return chance;
  const rankOf = new Int32Array(members).fill(-1);
  order.forEach((member, rank) => { rankOf[member] = rank; });
  const base = Float64Array.from(order, (i) => points[i]);
  const rankReach = Float64Array.from(order, (i) => reach[i]);
  const rankBest = best.map((row) => Float64Array.from(order, (i) => row[i]));
  const tables = matches.map((match) => new MatchPoints(rules, match.bets, rankOf, size));
  const draws = matches.map((match) => matchDraw(input.rates, match.round_id, rules.knockout_basis));
  const random = seededRandom(input.seed);
  const drawn: Float64Array[] = new Array(matches.length);
  const wins = new Float64Array(size);
  const leaders = new Int32Array(size);
  for (let run = 0; run < runs; run++) {
    for (let m = 0; m < matches.length; m++) drawn[m] = tables[m].pointsFor(drawResult(random, draws[m], matches[m].round_id));
    let top = -Infinity;
    let count = 0;
    for (let r = 0; r < size; r++) {
      if (rankReach[r] < top) break;
      let total = base[r];
      let rest = rankReach[r] - base[r];
      let m = 0;
      for (; m < drawn.length; m++) {
        total += drawn[m][r];
        rest -= rankBest[m][r];
        if (total + rest < top) break;
      }
      if (m < drawn.length) continue;
      if (total > top) { top = total; count = 0; }
      if (total === top) leaders[count++] = r;
    }
    for (let k = 0; k < count; k++) wins[leaders[k]] += 1 / count;
  }
  order.forEach((member, rank) => { chance[member] = wins[rank] / runs; });
  return chance;
}
