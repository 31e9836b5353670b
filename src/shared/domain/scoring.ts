import { isKnockoutRound } from './rounds';

/**
 * Scoring rules as pure functions. The server's set-based SQL mirrors these (and its tests
 * compare both); the client's help page and the points-info tooltip read the same legend.
 */

export type BetsSystem = 'disabled' | 'sign' | 'exact';
/** The two fixed systems of old; still accepted on input, each mapped to its preset (POINTS_SYSTEM_PRESETS). */
type PointsSystem = 'winner' | 'winner_and_goals';
/** Which score knockout bets are compared with: 90 minutes, after extra time, or that plus a goal to the shoot-out winner. */
export type KnockoutBasis = 'regular' | 'extra_time' | 'penalties';
export type ScoringMode = 'additive' | 'highest' | 'quote' | 'odds';

/**
 * A league's scoring model: points per hit. `additive` sums the points of every hit; `highest` takes
 * the largest of tendency, goal_difference and exact among the hits, plus the local_goals/visiting_goals hits.
 * `quote` scores by rarity (quotePoints): a right tendency earns more the fewer members shared it, at most
 * quote_max, plus `exact` for the exact score; goal_difference, local_goals and visiting_goals count nothing there.
 * `odds` scores by the rating model's chances (oddsPoints): a right tendency earns tendency / p of its outcome, at most
 * quote_max, plus goal_difference and exact; local_goals and visiting_goals count nothing there.
 */
export interface Scoring {
  mode: ScoringMode; tendency: number; goal_difference: number; exact: number; local_goals: number; visiting_goals: number;
  quote_max: number;
}
export const SCORING_POINTS_MAX = 20;
/** quote_max's range (never below the league's tendency points: checked where settings are saved). */
export const QUOTE_MAX_RANGE = { min: 1, max: 50 } as const;
const DEFAULT_QUOTE_MAX = 10;
/** A scoring as a client may send it, without quote_max (clients from before the quote left it out). */
type ScoringInput = Omit<Scoring, 'quote_max'> & { quote_max?: number };
export const completeScoring = (scoring: ScoringInput): Scoring => ({ ...scoring, quote_max: scoring.quote_max ?? DEFAULT_QUOTE_MAX });

export type ScoringPresetKey = 'classic' | 'winner' | 'kicktipp' | 'tendency_exact' | 'quote' | 'odds';
const Q = { quote_max: DEFAULT_QUOTE_MAX };
export const SCORING_PRESETS: Readonly<Record<ScoringPresetKey, Scoring>> = {
  classic: { mode: 'additive', tendency: 2, goal_difference: 0, exact: 1, local_goals: 1, visiting_goals: 1, ...Q },
  winner: { mode: 'additive', tendency: 2, goal_difference: 0, exact: 0, local_goals: 0, visiting_goals: 0, ...Q },
  kicktipp: { mode: 'highest', tendency: 2, goal_difference: 3, exact: 4, local_goals: 0, visiting_goals: 0, ...Q },
  tendency_exact: { mode: 'highest', tendency: 1, goal_difference: 0, exact: 3, local_goals: 0, visiting_goals: 0, ...Q },
  quote: { mode: 'quote', tendency: 2, goal_difference: 0, exact: 2, local_goals: 0, visiting_goals: 0, ...Q },
  odds: { mode: 'odds', tendency: 1, goal_difference: 1, exact: 2, local_goals: 0, visiting_goals: 0, ...Q },
};
export const SCORING_PRESET_KEYS = Object.keys(SCORING_PRESETS) as ScoringPresetKey[];
export const POINTS_SYSTEM_PRESETS: Readonly<Record<PointsSystem, ScoringPresetKey>> = { winner_and_goals: 'classic', winner: 'winner' };

const sameScoring = (a: Scoring, b: Scoring): boolean =>
  (Object.keys(a) as (keyof Scoring)[]).every((key) => a[key] === b[key]);

/** The preset this scoring is, if any. */
export const scoringPresetOf = (scoring: Scoring): ScoringPresetKey | null =>
  SCORING_PRESET_KEYS.find((key) => sameScoring(SCORING_PRESETS[key], scoring)) ?? null;

/** The old points_system closest to a scoring (for readers of the old field): goals count or not. */
export const pointsSystemOf = (scoring: Scoring): PointsSystem => {
  const points = scoringPoints(scoring);
  return points.exact + points.local_goals + points.visiting_goals + points.goal_difference > 0 ? 'winner_and_goals' : 'winner';
};

/** The points per hit a scoring gives (`quote` counts only tendency and exact, `odds` no side's goals). */
function scoringPoints(scoring: Scoring): Record<LegendKey, number> {
  const quote = scoring.mode === 'quote';
  const sides = !quote && scoring.mode !== 'odds';
  return {
    tendency: scoring.tendency, goal_difference: quote ? 0 : scoring.goal_difference, exact: scoring.exact,
    local_goals: sides ? scoring.local_goals : 0, visiting_goals: sides ? scoring.visiting_goals : 0,
  };
}

/**
 * What a right tendency earns in a `quote` league: `tendency` times N (the members with a real bet on the match)
 * over n (those of them whose bet has the result's tendency), rounded half up, kept between `tendency` and
 * `quoteMax`. n is never 0 for a right bet (it counts itself); a 0 is read as 1.
 */
export function quotePoints(tendency: number, bets: number, right: number, quoteMax: number): number {
  const n = Math.max(1, right);
  const N = Math.max(n, bets);
  // Integer arithmetic, as the SQL does: floor((2tN + n) / 2n) is tN/n rounded half up.
  const rounded = Math.floor((2 * tendency * N + n) / (2 * n));
  return Math.min(Math.max(rounded, tendency), Math.max(quoteMax, tendency));
}

/** Something per outcome of a match: home win, draw, away win. */
export interface Outcomes { home: number; draw: number; away: number }
/** How a league's members bet on one match: real bets per tendency (home win, draw, away win). */
export type CrowdSplit = Outcomes;

/** The rating model's chances are whole parts of this (permyriad), summing to it. */
export const PERMYRIAD = 10_000;

/**
 * What a right tendency earns in an `odds` league: `tendency` / p, p the model's chance of the result's outcome in
 * permyriad (sealed at the deadline), rounded half up, kept between `tendency` and `quoteMax`. Integer arithmetic
 * as the SQL does (quotePoints with N = PERMYRIAD, n = p); a p of 0 is read as 1.
 */
export const oddsPoints = (tendency: number, chance: number, quoteMax: number): number =>
  quotePoints(tendency, PERMYRIAD, Math.min(PERMYRIAD, chance), quoteMax);

/** The value of one outcome (1 home win, 0 draw, -1 away win). */
export const outcomeOf = (outcomes: Outcomes, sign: -1 | 0 | 1): number =>
  (sign === 1 ? outcomes.home : sign === 0 ? outcomes.draw : outcomes.away);

/** The members whose real bet has this tendency (1 home win, 0 draw, -1 away win). */
export const crowdOf = outcomeOf;
export const crowdTotal = (split: CrowdSplit): number => split.home + split.draw + split.away;

export interface ScoringRules { bets_system: BetsSystem; scoring: Scoring; knockout_basis: KnockoutBasis }

/** A round's weight: its matches' result-bet points are multiplied by factor. */
export interface RoundMultiplier { round_id: number; factor: number }
export const ROUND_FACTOR_MAX = 5;
/** count jokers per member over the whole competition (0: off); a joker bet's points are multiplied by multiplier. */
export interface Jokers { count: number; multiplier: number }
export const JOKERS_MAX = 10;
export const JOKER_MULTIPLIER_RANGE = { min: 2, max: 5 } as const;
export const NO_JOKERS: Jokers = { count: 0, multiplier: 2 };

/** What multiplies a bet's points: the round factor, then the joker. */
export interface BetWeights { round_multipliers: readonly RoundMultiplier[]; jokers: Jokers }

export const roundFactor = (multipliers: readonly RoundMultiplier[], roundId: number): number =>
  multipliers.find((m) => m.round_id === roundId)?.factor ?? 1;

/** A match as scoring sees it (flags may come as 0/1 from the database or booleans from the API). */
export interface ScoredMatch {
  round_id: number;
  finished: boolean | number;
  local_goals: number | null;
  visiting_goals: number | null;
  local_goals_extra_time: number | null;
  visiting_goals_extra_time: number | null;
  local_penalties?: number | null;
  visiting_penalties?: number | null;
}

export interface BetGoals { local_goals: number | null; visiting_goals: number | null }

/** The rows of the points legend, in display order; `description` is a message key on both sides. */
type LegendKey = 'tendency' | 'goal_difference' | 'exact' | 'local_goals' | 'visiting_goals';
const LEGEND_ORDER: readonly LegendKey[] = ['tendency', 'goal_difference', 'local_goals', 'visiting_goals', 'exact'];
export const LEGEND_DESCRIPTION: Readonly<Record<LegendKey, string>> = {
  tendency: 'points.sign',
  goal_difference: 'points.goal_difference',
  exact: 'points.exact',
  local_goals: 'points.local_goals',
  visiting_goals: 'points.visiting_goals',
};
/** The hits `highest` takes the largest of; local_goals and visiting_goals always add. */
const RANKED: readonly LegendKey[] = ['tendency', 'goal_difference', 'exact'];

/** Person picks (Top scorer): points per goal scored, plus a bonus for the (joint) top scorer. */
export const PERSON_POINTS = { per_goal: 1, top_scorer_bonus: 5 } as const;

/** The most goals a result bet may give one side. */
export const MAX_GOALS = 9;

interface LegendRow { key: LegendKey; description: string; points: number; max_points: number }

/** The points each hit is worth in a league: in the `sign` system only tendency counts. */
export function effectivePoints(rules: Pick<ScoringRules, 'bets_system' | 'scoring'>): Record<LegendKey, number> {
  const { scoring } = rules;
  if (rules.bets_system === 'sign') return { tendency: scoring.tendency, goal_difference: 0, exact: 0, local_goals: 0, visiting_goals: 0 };
  return scoringPoints(scoring);
}

/** Modes whose right tendency earns more the less likely it was, up to quote_max. */
export const scoresByRarity = (mode: ScoringMode): boolean => mode === 'quote' || mode === 'odds';

/** The most a right tendency can earn: quote_max in a `quote` or `odds` league, else its points. */
const maxTendencyPoints = (scoring: Scoring, tendency: number) =>
  (scoresByRarity(scoring.mode) ? Math.max(scoring.quote_max, tendency) : tendency);

/** Which legend rows a league's result bets can score (those worth points). Empty when result bets are disabled. */
export function legendKeys(rules: Pick<ScoringRules, 'bets_system' | 'scoring'>): LegendKey[] {
  if (rules.bets_system === 'disabled') return [];
  const points = effectivePoints(rules);
  return LEGEND_ORDER.filter((key) => points[key] > 0);
}

/** The most one bet can score before round factor and joker (an exact hit on a match that is not a draw). */
export function maxResultBetPoints(rules: Pick<ScoringRules, 'bets_system' | 'scoring'>): number {
  if (rules.bets_system === 'disabled') return 0;
  const p = effectivePoints(rules);
  const tendency = maxTendencyPoints(rules.scoring, p.tendency);
  const ranked = rules.scoring.mode === 'highest'
    ? Math.max(tendency, p.goal_difference, p.exact)
    : tendency + p.goal_difference + p.exact;
  return ranked + p.local_goals + p.visiting_goals;
}

/** 1 home win, 0 draw, -1 away win. */
export const resultSign = (local: number, visiting: number): -1 | 0 | 1 => (local > visiting ? 1 : local < visiting ? -1 : 0);

/**
 * The score a bet is compared with: the 90-minute score; for knockout matches in an `extra_time` league the score
 * after extra time (a shoot-out leaves it level, so it counts as a draw); in a `penalties` league that plus one
 * goal to the shoot-out winner. Null while unfinished.
 */
export function scoringResult(match: ScoredMatch, basis: KnockoutBasis): { local: number; visiting: number } | null {
  if (!match.finished || match.local_goals === null || match.visiting_goals === null) return null;
  if (basis !== 'regular' && isKnockoutRound(match.round_id)) {
    const local = match.local_goals + (match.local_goals_extra_time ?? 0);
    const visiting = match.visiting_goals + (match.visiting_goals_extra_time ?? 0);
    if (basis === 'extra_time') return { local, visiting };
    const shootOut = resultSign(match.local_penalties ?? 0, match.visiting_penalties ?? 0);
    return { local: local + (shootOut === 1 ? 1 : 0), visiting: visiting + (shootOut === -1 ? 1 : 0) };
  }
  return { local: match.local_goals, visiting: match.visiting_goals };
}

/** What a bet got right against a result: tendency, goal difference, exact result, each side's goals. */
export function betHitsOf(bet: { local: number; visiting: number }, result: { local: number; visiting: number }): Record<LegendKey, boolean> {
  const resultSignValue = resultSign(result.local, result.visiting);
  return {
    tendency: resultSign(bet.local, bet.visiting) === resultSignValue,
    goal_difference: resultSignValue !== 0 && bet.local - bet.visiting === result.local - result.visiting,
    exact: bet.local === result.local && bet.visiting === result.visiting,
    local_goals: bet.local === result.local,
    visiting_goals: bet.visiting === result.visiting,
  };
}

/**
 * The legend rows with the points this bet earned in each (0 when missed; in `highest` mode only the best of
 * tendency, goal_difference and exact keeps its points), summing to the bet's points before round factor and
 * joker. Null when the match is unfinished or the bet is empty: such a bet has no points yet (null, not 0).
 * A `quote` league's tendency row earns quotePoints from `crowd`, the league's real bets on the match (without
 * it, as if the bet were the only one: the tendency's points). An `odds` league's earns oddsPoints from `odds`, the
 * model's chances sealed at the league's deadline for the results it compares with (without them: the tendency's
 * points).
 */
export function resultBetLegend(
  rules: ScoringRules, bet: BetGoals, match: ScoredMatch, crowd?: CrowdSplit, odds?: Outcomes,
): LegendRow[] | null {
  const result = scoringResult(match, rules.knockout_basis);
  if (!result || bet.local_goals === null || bet.visiting_goals === null) return null;
  const hits = betHitsOf({ local: bet.local_goals, visiting: bet.visiting_goals }, result);
  const points = { ...effectivePoints(rules) };
  const maxPoints = { ...points, tendency: maxTendencyPoints(rules.scoring, points.tendency) };
  if (rules.scoring.mode === 'quote' && crowd) {
    points.tendency = quotePoints(points.tendency, crowdTotal(crowd), crowdOf(crowd, resultSign(result.local, result.visiting)), rules.scoring.quote_max);
  }
  if (rules.scoring.mode === 'odds' && odds) {
    points.tendency = oddsPoints(points.tendency, outcomeOf(odds, resultSign(result.local, result.visiting)), rules.scoring.quote_max);
  }
  const earned = (key: LegendKey) => (hits[key] ? points[key] : 0);
  let best: LegendKey | null = null;
  if (rules.scoring.mode === 'highest') {
    for (const key of RANKED) if (earned(key) > 0 && (best === null || earned(key) > earned(best))) best = key;
  }
  return legendKeys(rules).map((key) => ({
    key,
    description: LEGEND_DESCRIPTION[key],
    points: rules.scoring.mode === 'highest' && RANKED.includes(key) && key !== best ? 0 : earned(key),
    max_points: maxPoints[key],
  }));
}

/**
 * Points of one result bet (null: unfinished match, empty bet, or result bets disabled): the legend's sum, times
 * the round's factor, times the joker multiplier when the bet carries a joker (and the league has jokers).
 */
export function resultBetPoints(
  rules: ScoringRules, bet: BetGoals & { joker?: boolean | number }, match: ScoredMatch, weights?: BetWeights, crowd?: CrowdSplit,
  odds?: Outcomes,
): number | null {
  if (rules.bets_system === 'disabled') return null;
  const legend = resultBetLegend(rules, bet, match, crowd, odds);
  if (!legend) return null;
  const base = legend.reduce((sum, row) => sum + row.points, 0);
  if (!weights) return base;
  const joker = bet.joker && weights.jokers.count > 0 ? weights.jokers.multiplier : 1;
  return base * roundFactor(weights.round_multipliers, match.round_id) * joker;
}

/** Sign-system bets travel as 1-0, 0-0 or 0-1 (shown as 1, X, 2). */
export function isSignBet(local: number, visiting: number): boolean {
  return (local === 1 && visiting === 0) || (local === 0 && visiting === 0) || (local === 0 && visiting === 1);
}

interface LeaguePlaySettings {
  bets_system: BetsSystem;
  playoff_results_points: boolean | number;
  start_matchday: number;
  /** Empty: every match is played. */
  selected_team_ids: readonly number[];
}

interface PlayableMatch { round_id: number; matchday: number; local_team_id: number | null; visiting_team_id: number | null }

/**
 * Whether a match takes result bets in a league: bets enabled, a selected team plays (or no
 * selection), knockout matches only with playoff_results_points, and in league competitions from start_matchday.
 */
export function isMatchPlayedInLeague(league: LeaguePlaySettings, match: PlayableMatch, isLeagueCompetition: boolean): boolean {
  if (league.bets_system === 'disabled') return false;
  if (isKnockoutRound(match.round_id) && !league.playoff_results_points) return false;
  if (isLeagueCompetition && match.matchday < league.start_matchday) return false;
  if (league.selected_team_ids.length === 0) return true;
  return [match.local_team_id, match.visiting_team_id].some((id) => id !== null && league.selected_team_ids.includes(id));
}

/**
 * The rules a competition's overall ranking scores every player's bets by, whatever their league's own: the classic
 * preset on the 90-minute result, without round factors or jokers, so that everybody is ranked on one scale.
 */
export const OVERALL_RANKING_RULES: ScoringRules = { bets_system: 'exact', scoring: SCORING_PRESETS.classic, knockout_basis: 'regular' };
