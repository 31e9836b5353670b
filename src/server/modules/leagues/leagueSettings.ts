import type { Updateable } from 'kysely';
import type { LeagueSettings } from '../../../shared/api/entities';
import { normaliseSearchText } from '../../../shared/domain/text';
import type { Executor } from '../../db/database';
import type { LeaguesTable } from '../../db/schema';
import { invalidField } from '../../http/errors';
import { matchdayKickoffs, teamIdsInCompetition } from './leaguesRepository';

/** Settings a client may leave out when creating a league (DESIGN 4.2); start_matchday depends on the competition. */
export const DEFAULT_SETTINGS: Omit<LeagueSettings, 'name' | 'competition_id' | 'start_matchday'> = {
  selected_team_ids: [],
  bets_system: 'exact',
  points_system: 'winner_and_goals',
  playoff_results_points: true,
  round_bets_enabled: true,
  person_bets_enabled: true,
  allow_invite: false,
  allow_join: false,
  editable_after_start: false,
  knockout_basis: 'regular',
};

/** After the first kickoff these may still change; everything else changes what bets score. */
export const ALWAYS_EDITABLE: readonly (keyof LeagueSettings)[] = ['name', 'allow_invite', 'allow_join'];

const FLAGS = [
  'playoff_results_points', 'round_bets_enabled', 'person_bets_enabled', 'allow_invite', 'allow_join', 'editable_after_start',
] as const;

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
  if (settings.bets_system !== undefined) columns.bets_system = settings.bets_system;
  if (settings.points_system !== undefined) columns.points_system = settings.points_system;
  if (settings.start_matchday !== undefined) columns.start_matchday = settings.start_matchday;
  if (settings.knockout_basis !== undefined) columns.knockout_basis = settings.knockout_basis;
  for (const flag of FLAGS) {
    const value = settings[flag];
    if (value !== undefined) columns[flag] = value ? 1 : 0;
  }
  return columns;
}

const sameTeams = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The settings keys whose requested value differs from the current one. */
export function changedSettings(current: LeagueSettings, requested: Partial<LeagueSettings>): (keyof LeagueSettings)[] {
  return (Object.keys(requested) as (keyof LeagueSettings)[]).filter((key) => {
    const value = requested[key];
    if (value === undefined) return false;
    if (key === 'selected_team_ids') return !sameTeams(current.selected_team_ids, value as number[]);
    return current[key] !== value;
  });
}
