import type { HeldGoal, HeldResult } from './heldResult';
import { seedOf, seededRandom } from '../../../shared/domain/seededRandom';

/** A demo team as the simulation sees it: its strength and its scorers, most prolific first. */
export interface SimTeam { id: number; strength: number; scorers: number[] }

function poisson(random: () => number, lambda: number): number {
  const limit = Math.exp(-lambda);
  let k = 0;
  for (let p = random(); p > limit && k < 7; p *= random()) k += 1;
  return k;
}

const SCORER_WEIGHTS = [3, 2, 1];

function goalsFor(random: () => number, team: SimTeam, side: 1 | 2, count: number, from: number, to: number): HeldGoal[] {
  const total = SCORER_WEIGHTS.slice(0, team.scorers.length).reduce((a, b) => a + b, 0);
  return Array.from({ length: count }, () => {
    let pick = random() * total;
    let index = 0;
    while (index < team.scorers.length - 1 && pick >= SCORER_WEIGHTS[index]) pick -= SCORER_WEIGHTS[index++];
    return { person_id: team.scorers[index], minute: from + Math.floor(random() * (to - from + 1)), own_goal: 0 as const, penalty: random() < 0.1 ? 1 as const : 0 as const, side };
  }).filter((g) => g.person_id !== undefined);
}

/**
 * A plausible result for two teams, the same every time for the same teams and match number. Knockout matches
 * level after 90 minutes go to extra time, then penalties, so they always have a winner.
 */
export function simulateMatch(local: SimTeam, visiting: SimTeam, matchNumber: number, knockout: boolean): HeldResult {
  const random = seededRandom(seedOf(local.id, visiting.id, matchNumber));
  const edge = (local.strength - visiting.strength) * 0.3;
  const l = poisson(random, Math.max(0.3, 1.25 + edge));
  const v = poisson(random, Math.max(0.3, 1.05 - edge));
  const goals = [...goalsFor(random, local, 1, l, 1, 90), ...goalsFor(random, visiting, 2, v, 1, 90)];
  const score: HeldResult['score'] = {
    local_goals: l, visiting_goals: v, local_goals_extra_time: null, visiting_goals_extra_time: null,
    local_penalties: null, visiting_penalties: null,
  };
  if (knockout && l === v) {
    const le = random() < 0.3 ? 1 : 0;
    const ve = le === 0 && random() < 0.3 ? 1 : 0;
    Object.assign(score, { local_goals_extra_time: le, visiting_goals_extra_time: ve });
    goals.push(...goalsFor(random, local, 1, le, 91, 120), ...goalsFor(random, visiting, 2, ve, 91, 120));
    if (le === ve) {
      const localWins = random() < 0.5;
      const [winner, loser] = random() < 0.5 ? [5, 4] : [4, 2];
      Object.assign(score, { local_penalties: localWins ? winner : loser, visiting_penalties: localWins ? loser : winner });
    }
  }
  goals.sort((a, b) => (a.minute ?? 0) - (b.minute ?? 0));
  return { score, goals };
}

/** 1 when the local team went through, 2 when the visitors did (after extra time and penalties). */
export function knockoutWinner(score: { local_goals: number | null; visiting_goals: number | null;
  local_goals_extra_time: number | null; visiting_goals_extra_time: number | null;
  local_penalties: number | null; visiting_penalties: number | null }): 1 | 2 {
  const l = (score.local_goals ?? 0) + (score.local_goals_extra_time ?? 0);
  const v = (score.visiting_goals ?? 0) + (score.visiting_goals_extra_time ?? 0);
  if (l !== v) return l > v ? 1 : 2;
  return (score.local_penalties ?? 0) >= (score.visiting_penalties ?? 0) ? 1 : 2;
}
