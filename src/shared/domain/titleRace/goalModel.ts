import { isKnockoutRound } from '../rounds';
import { resultSign, type KnockoutBasis, type Outcomes, type ScoredMatch } from '../scoring';

/**
 * The model remaining matches are drawn from. A match whose teams the rating model knows (shared/domain/fairOdds)
 * is drawn from it: its 90-minute outcome (home win, draw, away win) with the model's chances, the score within
 * that outcome Poisson with the match's own goal rates. Any other match (teams not known yet): home and away goals
 * Poisson with the competition's mean home and away goals per match so far, each shrunk toward a prior (PRIOR_*)
 * weighted as PRIOR_MATCHES matches, so a competition with few results stays near typical football scores.
 * Knockout matches level after 90 minutes go to extra time (goals at a third of the rates) in leagues that score
 * extra time, and then to a fair shoot-out in leagues that score penalties.
 */
const PRIOR_HOME_GOALS = 1.5;
const PRIOR_AWAY_GOALS = 1.15;
const PRIOR_MATCHES = 10;
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

/** Goals above this count as this many (a Poisson tail far below one in a billion at football rates). */
const MAX_DRAWN_GOALS = 15;
/** Scores are told as one number: local goals * SCORE_KEY + visiting goals (the goals as the scoring compares them). */
export const SCORE_KEY = 64;

/** P(goals <= k) for k = 0..MAX_DRAWN_GOALS, the last one 1. */
function poissonTable(rate: number): Float64Array {
  const table = new Float64Array(MAX_DRAWN_GOALS + 1);
  let p = Math.exp(-rate);
  let sum = 0;
  for (let k = 0; k <= MAX_DRAWN_GOALS; k++) {
    sum += p;
    table[k] = sum;
    p *= rate / (k + 1);
  }
  table[MAX_DRAWN_GOALS] = 1;
  return table;
}

function drawGoals(random: () => number, table: Float64Array): number {
  const u = random();
  let k = 0;
  while (u > table[k]) k += 1;
  return k;
}

export interface MatchDraw {
  home: Float64Array; away: Float64Array; homeExtra: Float64Array; awayExtra: Float64Array;
  /** A match the rating model knows: P(score <= s) over the 90-minute scores s = local * GOALS + visiting. */
  scores: Float64Array | null;
  extraTime: boolean;
  penalties: boolean;
}

/** A match as the rating model sees it: its 90-minute chances (any scale) and each side's goal rate. */
export interface ModelMatch { chances: Outcomes; rates: { home: number; away: number } }

const GOALS = MAX_DRAWN_GOALS + 1;

export function matchDraw(rates: GoalRates, roundId: number, basis: KnockoutBasis, model: ModelMatch | null = null): MatchDraw {
  const knockout = isKnockoutRound(roundId) && basis !== 'regular';
  const [home, away] = model ? [model.rates.home, model.rates.away] : [rates.home, rates.away];
  return {
    home: poissonTable(home), away: poissonTable(away),
    homeExtra: poissonTable(home * EXTRA_TIME_SHARE), awayExtra: poissonTable(away * EXTRA_TIME_SHARE),
    scores: model ? modelScores(model) : null,
    extraTime: knockout,
    penalties: knockout && basis === 'penalties',
  };
}

/**
 * The 90-minute scores of a model match, cumulated: each score's Poisson chance, scaled so that every outcome
 * (home win, draw, away win) has the model's chance.
 */
function modelScores(model: ModelMatch): Float64Array {
  const density = (table: Float64Array, k: number) => table[k] - (k === 0 ? 0 : table[k - 1]);
  const [home, away] = [poissonTable(model.rates.home), poissonTable(model.rates.away)];
  const p = new Float64Array(GOALS * GOALS);
  const byOutcome = { home: 0, draw: 0, away: 0 };
  const outcome = (i: number, j: number) => { const s = resultSign(i, j); return s === 1 ? 'home' : s === 0 ? 'draw' : 'away'; };
  for (let i = 0; i < GOALS; i++) {
    for (let j = 0; j < GOALS; j++) {
      p[i * GOALS + j] = density(home, i) * density(away, j);
      byOutcome[outcome(i, j)] += p[i * GOALS + j];
    }
  }
  const total = model.chances.home + model.chances.draw + model.chances.away;
  let sum = 0;
  for (let i = 0; i < GOALS; i++) {
    for (let j = 0; j < GOALS; j++) {
      const key = outcome(i, j);
      sum += byOutcome[key] > 0 ? (p[i * GOALS + j] * model.chances[key]) / (total * byOutcome[key]) : 0;
      p[i * GOALS + j] = sum;
    }
  }
  p[GOALS * GOALS - 1] = 1;
  return p;
}

/**
 * The chance of each 90-minute score of a draw (local, visiting, chance), the unlikely ones (below `floor`) left
 * out and the rest scaled to sum to 1: what a bet not shown yet is modeled from (the same model the results are
 * drawn from).
 */
export function scoreChances(draw: MatchDraw, floor: number): { local: number; visiting: number; p: number }[] {
  const density = (table: Float64Array, k: number) => table[k] - (k === 0 ? 0 : table[k - 1]);
  const scores: { local: number; visiting: number; p: number }[] = [];
  for (let i = 0; i < GOALS; i++) {
    for (let j = 0; j < GOALS; j++) {
      const p = draw.scores ? density(draw.scores, i * GOALS + j) : density(draw.home, i) * density(draw.away, j);
      if (p >= floor) scores.push({ local: i, visiting: j, p });
    }
  }
  const total = scores.reduce((sum, s) => sum + s.p, 0);
  return scores.map((s) => ({ ...s, p: s.p / total }));
}

/** The first index whose cumulated chance reaches u. */
function drawIndex(u: number, cumulated: Float64Array): number {
  let [low, high] = [0, cumulated.length - 1];
  while (low < high) {
    const mid = (low + high) >> 1;
    if (u > cumulated[mid]) low = mid + 1; else high = mid;
  }
  return low;
}

/**
 * One finish of a match, as the league's scoring compares bets with it (scoringResult): the 90 minutes; in a
 * knockout match of a league scoring extra time, plus extra-time goals when level; in a league scoring
 * penalties, plus one goal to the shoot-out winner when still level.
 */
export function drawScore(random: () => number, draw: MatchDraw): number {
  let local: number;
  let visiting: number;
  if (draw.scores) {
    const index = drawIndex(random(), draw.scores);
    [local, visiting] = [Math.floor(index / GOALS), index % GOALS];
  } else {
    local = drawGoals(random, draw.home);
    visiting = drawGoals(random, draw.away);
  }
  if (draw.extraTime && local === visiting) {
    local += drawGoals(random, draw.homeExtra);
    visiting += drawGoals(random, draw.awayExtra);
    if (draw.penalties && local === visiting) {
      if (random() < 0.5) local += 1; else visiting += 1;
    }
  }
  return local * SCORE_KEY + visiting;
}

/** A finished match whose score, as the scoring compares bets with it, is the drawn one. */
export function drawnMatch(roundId: number, score: number): ScoredMatch {
  return {
    round_id: roundId, finished: 1, local_goals: Math.floor(score / SCORE_KEY), visiting_goals: score % SCORE_KEY,
    local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: null, visiting_penalties: null,
  };
}
