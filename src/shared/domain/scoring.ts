import { isKnockoutRound } from './rounds';

/**
 * Scoring rules of DESIGN 4.4 as pure functions. The server's set-based SQL mirrors these (and its tests
 * compare both); the client's help page and the points-info tooltip read the same legend.
 */

export type BetsSystem = 'disabled' | 'sign' | 'exact';
export type PointsSystem = 'winner' | 'winner_and_goals';
export type KnockoutBasis = 'regular' | 'extra_time';

export interface ScoringRules { bets_system: BetsSystem; points_system: PointsSystem; knockout_basis: KnockoutBasis }

/** A match as scoring sees it (flags may come as 0/1 from the database or booleans from the API). */
export interface ScoredMatch {
  round_id: number;
  finished: boolean | number;
  local_goals: number | null;
  visiting_goals: number | null;
  local_goals_extra_time: number | null;
  visiting_goals_extra_time: number | null;
}

export interface BetGoals { local_goals: number | null; visiting_goals: number | null }

/** The rows of the points legend, in display order; `description` is a message key on both sides. */
export type LegendKey = 'sign' | 'local_goals' | 'visiting_goals' | 'exact';
export const RESULT_POINTS: Readonly<Record<LegendKey, number>> = { sign: 2, local_goals: 1, visiting_goals: 1, exact: 1 };
export const LEGEND_DESCRIPTION: Readonly<Record<LegendKey, string>> = {
  sign: 'points.sign',
  local_goals: 'points.local_goals',
  visiting_goals: 'points.visiting_goals',
  exact: 'points.exact',
};

/** Person picks (Top scorer): points per goal scored, plus a bonus for the (joint) top scorer. */
export const PERSON_POINTS = { per_goal: 1, top_scorer_bonus: 5 } as const;

/** Goal options of a result bet (spec 5). */
export const MIN_GOALS = 0;
export const MAX_GOALS = 9;

export interface LegendRow { key: LegendKey; description: string; points: number; max_points: number }

/** Which legend rows a league's result bets can score. Empty when result bets are disabled. */
export function legendKeys(rules: Pick<ScoringRules, 'bets_system' | 'points_system'>): LegendKey[] {
  if (rules.bets_system === 'disabled') return [];
  if (rules.bets_system === 'exact' && rules.points_system === 'winner_and_goals') return ['sign', 'local_goals', 'visiting_goals', 'exact'];
  return ['sign'];
}

export function maxResultBetPoints(rules: Pick<ScoringRules, 'bets_system' | 'points_system'>): number {
  return legendKeys(rules).reduce((sum, key) => sum + RESULT_POINTS[key], 0);
}

/** 1 home win, 0 draw, -1 away win. */
export const resultSign = (local: number, visiting: number): -1 | 0 | 1 => (local > visiting ? 1 : local < visiting ? -1 : 0);

/**
 * The score a bet is compared with: the 90-minute score, or for knockout matches in an `extra_time` league the
 * score after extra time (a shoot-out leaves it level, so it counts as a draw). Null while unfinished.
 */
export function scoringResult(match: ScoredMatch, basis: KnockoutBasis): { local: number; visiting: number } | null {
  if (!match.finished || match.local_goals === null || match.visiting_goals === null) return null;
  if (basis === 'extra_time' && isKnockoutRound(match.round_id)) {
    return {
      local: match.local_goals + (match.local_goals_extra_time ?? 0),
      visiting: match.visiting_goals + (match.visiting_goals_extra_time ?? 0),
    };
  }
  return { local: match.local_goals, visiting: match.visiting_goals };
}

/**
 * The legend rows with the points this bet earned in each (0 when missed). Null when the match is unfinished or
 * the bet is empty: such a bet has no points yet (null, not 0).
 */
export function resultBetLegend(rules: ScoringRules, bet: BetGoals, match: ScoredMatch): LegendRow[] | null {
  const result = scoringResult(match, rules.knockout_basis);
  if (!result || bet.local_goals === null || bet.visiting_goals === null) return null;
  const signHit = resultSign(bet.local_goals, bet.visiting_goals) === resultSign(result.local, result.visiting);
  const hits: Record<LegendKey, boolean> = {
    sign: signHit,
    local_goals: bet.local_goals === result.local,
    visiting_goals: bet.visiting_goals === result.visiting,
    exact: bet.local_goals === result.local && bet.visiting_goals === result.visiting,
  };
  return legendKeys(rules).map((key) => ({
    key, description: LEGEND_DESCRIPTION[key], points: hits[key] ? RESULT_POINTS[key] : 0, max_points: RESULT_POINTS[key],
  }));
}

/** Points of one result bet (null: unfinished match, empty bet, or result bets disabled). */
export function resultBetPoints(rules: ScoringRules, bet: BetGoals, match: ScoredMatch): number | null {
  if (rules.bets_system === 'disabled') return null;
  const legend = resultBetLegend(rules, bet, match);
  return legend ? legend.reduce((sum, row) => sum + row.points, 0) : null;
}

/** Sign-system bets travel as 1-0, 0-0 or 0-1 (shown as 1, X, 2). */
export function isSignBet(local: number, visiting: number): boolean {
  return (local === 1 && visiting === 0) || (local === 0 && visiting === 0) || (local === 0 && visiting === 1);
}

export interface LeaguePlaySettings {
  bets_system: BetsSystem;
  playoff_results_points: boolean | number;
  start_matchday: number;
  /** Empty: every match is played. */
  selected_team_ids: readonly number[];
}

export interface PlayableMatch { round_id: number; matchday: number; local_team_id: number | null; visiting_team_id: number | null }

/**
 * Whether a match takes result bets in a league (DESIGN 4.2): bets enabled, a selected team plays (or no
 * selection), knockout matches only with playoff_results_points, and in league competitions from start_matchday.
 */
export function isMatchPlayedInLeague(league: LeaguePlaySettings, match: PlayableMatch, isLeagueCompetition: boolean): boolean {
  if (league.bets_system === 'disabled') return false;
  if (isKnockoutRound(match.round_id) && !league.playoff_results_points) return false;
  if (isLeagueCompetition && match.matchday < league.start_matchday) return false;
  if (league.selected_team_ids.length === 0) return true;
  return [match.local_team_id, match.visiting_team_id].some((id) => id !== null && league.selected_team_ids.includes(id));
}
