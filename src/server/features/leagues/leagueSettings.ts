import { sql, type Updateable } from 'kysely';
import type { LeagueSettings } from '../../../shared/api/entities';
import { EDITABLE_AFTER_START } from '../../../shared/api/routes/leagues';
import { DEFAULT_BET_DEADLINE_MINUTES } from '../../../shared/domain/deadlines';
import { ROUNDS } from '../../../shared/domain/rounds';
import { NO_JOKERS, POINTS_SYSTEM_PRESETS, SCORING_PRESETS, completeScoring, pointsSystemOf, scoresByRarity } from '../../../shared/domain/scoring';
import { normaliseSearchText } from '../../../shared/domain/text';
import type { Executor } from '../../platform/db/database';
import type { LeaguesTable } from '../../platform/db/schema';
import { invalidField } from '../../platform/errors/errors';
import { deadlineWithSql, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';
import { scoringToColumns } from '../../domain/scoring/leagueScoring';
import { lockLeagueMembers, matchdayKickoffs, mostShownJokers, teamIdsInCompetition } from './leaguesRepository';
import type { Dialect } from '../../platform/db/migrations/index';

/** Settings a client may leave out when creating a league; start_matchday and lock_by depend on the competition. */
export const DEFAULT_SETTINGS: Omit<LeagueSettings, 'name' | 'competition_id' | 'start_matchday' | 'lock_by'> = {
  description: null,
  selected_team_ids: [],
  bets_system: 'exact',
  points_system: 'winner_and_goals',
  playoff_results_points: true,
  round_bets_enabled: true,
  person_bets_enabled: true,
  allow_invite: false,
  allow_join: false,
  editable_after_start: false,
  late_entry_after_result: false,
  head_to_head: false,
  bots: 'marked',
  knockout_basis: 'regular',
  tie_breaks: [],
  scoring: SCORING_PRESETS.classic,
  round_multipliers: [],
  jokers: NO_JOKERS,
  bet_deadline_minutes: DEFAULT_BET_DEADLINE_MINUTES,
};

/** After the first kickoff these may still change (the contract's list); everything else changes what bets score. */
export const ALWAYS_EDITABLE: readonly (keyof LeagueSettings)[] = EDITABLE_AFTER_START;

const FLAGS = [
  'playoff_results_points', 'round_bets_enabled', 'person_bets_enabled', 'allow_invite', 'allow_join', 'editable_after_start',
  'late_entry_after_result', 'head_to_head',
] as const;

/** Surrounding blanks go; nothing left (or nothing sent) is no description. */
export const cleanDescription = (description: string | null): string | null => description?.trim() || null;

export function cleanName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) throw invalidField('league.name', 'validation.blank');
  return trimmed;
}

/** League competitions count from the next matchday not yet started; cups from 1. */
export async function defaultStartMatchday(db: Executor, competition: { id: number; competition_type: string }, now: number): Promise<number> {
  if (competition.competition_type !== 'league') return 1;
  const matchdays = await matchdayKickoffs(db, competition.id);
  return matchdays.find((m) => m.first_kickoff > now)?.matchday ?? 1;
}

/** Selected teams must play in the league's competition. Answers them without duplicates, in order. */
export async function checkSelectedTeams(db: Executor, competitionId: number, teamIds: number[]): Promise<number[]> {
  const unique = [...new Set(teamIds)].sort((a, b) => a - b);
  const known = new Set(await teamIdsInCompetition(db, competitionId, unique));
  if (unique.some((id) => !known.has(id))) throw invalidField('league.selected_team_ids', 'validation.inclusion');
  return unique;
}

export async function checkStartMatchday(db: Executor, competitionId: number, startMatchday: number): Promise<void> {
  const matchdays = await matchdayKickoffs(db, competitionId);
  const last = matchdays.at(-1)?.matchday;
  if (last !== undefined && startMatchday > last) {
    throw invalidField('league.start_matchday', 'validation.less_than_or_equal_to', { count: last });
  }
}

/** API settings -> league columns (flags as 0/1, the searchable name beside the name). */
export function settingsToColumns(settings: Partial<LeagueSettings>): Updateable<LeaguesTable> {
  const columns: Updateable<LeaguesTable> = {};
  if (settings.name !== undefined) {
    columns.name = settings.name;
    columns.name_normalized = normaliseSearchText(settings.name).slice(0, 100);
  }
  if (settings.description !== undefined) columns.description = settings.description;
  if (settings.bets_system !== undefined) columns.bets_system = settings.bets_system;
  if (settings.points_system !== undefined) columns.points_system = settings.points_system;
  if (settings.scoring !== undefined) Object.assign(columns, scoringToColumns(completeScoring(settings.scoring)));
  if (settings.jokers !== undefined) {
    columns.joker_count = settings.jokers.count;
    columns.joker_multiplier = settings.jokers.multiplier;
  }
  if (settings.bet_deadline_minutes !== undefined) columns.bet_deadline_minutes = settings.bet_deadline_minutes;
  if (settings.lock_by !== undefined) columns.lock_by = settings.lock_by;
  if (settings.start_matchday !== undefined) columns.start_matchday = settings.start_matchday;
  if (settings.knockout_basis !== undefined) columns.knockout_basis = settings.knockout_basis;
  if (settings.bots !== undefined) columns.bots = settings.bots;
  if (settings.tie_breaks !== undefined) {
    if (new Set(settings.tie_breaks).size !== settings.tie_breaks.length) throw invalidField('league.tie_breaks', 'validation.repeated');
    columns.tie_breaks = JSON.stringify(settings.tie_breaks);
  }
  for (const flag of FLAGS) {
    const value = settings[flag];
    if (value !== undefined) columns[flag] = value ? 1 : 0;
  }
  return columns;
}

/** JSON with object keys sorted, so settings objects compare whatever order the client sent their keys in. */
const canonical = (value: unknown) => JSON.stringify(value, (_key, v: unknown) =>
  (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v));

const sameTeams = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The scoring a request asks for: `scoring` as sent, or the preset of an old `points_system` (winner -> winner, winner_and_goals -> classic). The
 * stored points_system then follows the scoring, for readers of the old field.
 */
export function withScoring<T extends Partial<LeagueSettings>>(settings: T): T {
  const scoring = settings.scoring
    ? completeScoring(settings.scoring)
    : settings.points_system && SCORING_PRESETS[POINTS_SYSTEM_PRESETS[settings.points_system]];
  if (!scoring) return settings;
  // A right tendency never earns less than the tendency's points, so the ceiling (quote or odds) is at least that.
  if (scoresByRarity(scoring.mode) && scoring.quote_max < scoring.tendency) {
    throw invalidField('league.scoring.quote_max', 'validation.greater_than_or_equal_to', { count: scoring.tendency });
  }
  return { ...settings, scoring, points_system: pointsSystemOf(scoring) };
}

const MATCH_ROUNDS = new Set(ROUNDS.filter((r) => r.kind === 'matches' || r.kind === 'knockout').map((r) => r.id));

/** Round multipliers name match rounds, once each; answered in round order without the default factor 1. */
export function checkRoundMultipliers(multipliers: readonly { round_id: number; factor: number }[]): { round_id: number; factor: number }[] {
  const seen = new Set<number>();
  for (const m of multipliers) {
    if (!MATCH_ROUNDS.has(m.round_id) || seen.has(m.round_id)) throw invalidField('league.round_multipliers', 'validation.inclusion');
    seen.add(m.round_id);
  }
  return multipliers.filter((m) => m.factor !== 1).map((m) => ({ round_id: m.round_id, factor: m.factor }))
    .sort((a, b) => a.round_id - b.round_id);
}

/**
 * Fewer jokers than a member has on bets already shown would take points back silently: refused, with that count
 * (shown to everyone anyway). Jokers on bets still open are hidden, so they never decide a refusal (it would tell the
 * owner how many jokers someone has played): a lower count takes them off instead (takeOffJokersBeyond). Counted under
 * every member's lock, so a joker being played meanwhile is either counted here or sees the new count.
 */
export async function checkJokerCount(db: Executor, dialect: Dialect, league: { id: number; competition_id: number }, count: number, now: number): Promise<void> {
  await lockLeagueMembers(db, dialect, league.id);
  const shown = await mostShownJokers(db, league, now);
  if (count < shown) throw invalidField('league.jokers', 'validation.jokers_in_use', { count: shown });
}


/**
 * New deadline settings may not reopen a bet already shown: refused when some match's deadline in this league has
 * passed and would not have under the new minutes or lock_by.
 */
export async function checkDeadlineChange(
  db: Executor, league: { id: number; competition_id: number }, next: { bet_deadline_minutes: number; lock_by: 'match' | 'matchday' }, now: number,
): Promise<void> {
  const reopened = await db.selectFrom('matches as m').innerJoin('leagues as l', 'l.competition_id', 'm.competition_id')
    .select('m.id').where('l.id', '=', league.id).where('m.competition_id', '=', league.competition_id)
    .where(sql<boolean>`${resultBetDeadlineSql('l', 'm')} <= ${now}`)
    .where(sql<boolean>`${deadlineWithSql(sql.lit(next.lock_by), sql.lit(next.bet_deadline_minutes), 'm')} > ${now}`)
    .limit(1).executeTakeFirst();
  if (reopened) throw invalidField('league.bet_deadline_minutes', 'validation.deadline_reopens');
}

/** The settings keys whose requested value differs from the current one. */
export function changedSettings(current: LeagueSettings, requested: Partial<LeagueSettings>): (keyof LeagueSettings)[] {
  return (Object.keys(requested) as (keyof LeagueSettings)[]).filter((key) => {
    const value = requested[key];
    if (value === undefined) return false;
    if (key === 'selected_team_ids') return !sameTeams(current.selected_team_ids, value as number[]);
    if (typeof value === 'object') return canonical(current[key]) !== canonical(value);
    return current[key] !== value;
  });
}
