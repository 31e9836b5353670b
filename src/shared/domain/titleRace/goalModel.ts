import { isKnockoutRound } from '../rounds';
import type { KnockoutBasis, ScoredMatch } from '../scoring';

/**
 * The model remaining matches are drawn from: home and away goals are Poisson with the competition's mean home
 * and away goals per match so far, each shrunk toward a prior (PRIOR_*) weighted as PRIOR_MATCHES matches, so a
 * competition with few results stays near typical football scores. Knockout matches level after 90 minutes go to
 * extra time (goals at a third of the rates) in leagues that score extra time, and then to a fair shoot-out in
 * leagues that score penalties.
 */
export const PRIOR_HOME_GOALS = 1.5;
export const PRIOR_AWAY_GOALS = 1.15;
export const PRIOR_MATCHES = 10;
const EXTRA_TIME_SHARE = 1 / 3;

export interface GoalRates { home: number; away: number; matches: number }

export function fitGoalRates(finished: readonly { local_goals: number; visiting_goals: number }[]): GoalRates {
  let home = 0;
  let away = 0;
  for (const m of finished) { home += m.local_goals; away += m.visiting_goals; }
  const n = finished.length;
  return {
    home: (home + PRIOR_HOME_GOALS * PRIOR_MATCHES) / (n + PRIOR_MATCHES),
    away: (away + PRIOR_AWAY_GOALS * PRIOR_MATCHES) / (n + PRIOR_MATCHES),
    matches: n,
  };
}

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same finishes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Poisson draw by multiplying uniforms until they fall below e^-rate (`limit`). */
function poisson(random: () => number, limit: number): number {
  let k = 0;
  let p = random();
  while (p > limit) { k += 1; p *= random(); }
  return k;
}

export interface MatchDraw {
  /** e^-rate of each side's 90-minute and extra-time goals. */
  limits: { home: number; away: number; homeExtra: number; awayExtra: number };
  extraTime: boolean;
  penalties: boolean;
}

export function matchDraw(rates: GoalRates, roundId: number, basis: KnockoutBasis): MatchDraw {
  const knockout = isKnockoutRound(roundId) && basis !== 'regular';
  return {
    limits: {
      home: Math.exp(-rates.home), away: Math.exp(-rates.away),
      homeExtra: Math.exp(-rates.home * EXTRA_TIME_SHARE), awayExtra: Math.exp(-rates.away * EXTRA_TIME_SHARE),
    },
    extraTime: knockout,
    penalties: knockout && basis === 'penalties',
  };
}

/** One finish of a match, as the scoring reads it. */
export function drawResult(random: () => number, draw: MatchDraw, roundId: number): ScoredMatch {
  const local = poisson(random, draw.limits.home);
  const visiting = poisson(random, draw.limits.away);
  const result: ScoredMatch = {
    round_id: roundId, finished: 1, local_goals: local, visiting_goals: visiting,
    local_goals_extra_time: null, visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null,
  };
  if (!draw.extraTime || local !== visiting) return result;
  result.local_goals_extra_time = poisson(random, draw.limits.homeExtra);
  result.visiting_goals_extra_time = poisson(random, draw.limits.awayExtra);
  if (draw.penalties && result.local_goals_extra_time === result.visiting_goals_extra_time) {
    const homeWins = random() < 0.5;
    result.local_penalties = homeWins ? 5 : 4;
    result.visiting_penalties = homeWins ? 4 : 5;
  }
  return result;
}
