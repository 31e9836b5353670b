import type { Competition, Match, Round, Team } from '../../../shared/api/entities';
import { localRoundName } from '../../../shared/domain/roundNames';
import { ROUNDS } from '../../../shared/domain/rounds';
import type { CompetitionRow } from './competitionsRepository';
import type { MatchRow } from './matchesRepository';
import type { TeamRow } from './catalogueRepository';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/domain/locales';
import { isLivePhase } from '../../../shared/domain/liveMatch';

/** Rows -> API shapes: flags become booleans, times ISO strings, team colours a list. */

export const toCompetition = (r: CompetitionRow): Competition => ({
  id: r.id,
  name: r.name,
  finished: Number(r.finished) === 1,
  competition_type: r.competition_type,
  is_league: r.competition_type === 'league',
  provider: r.provider,
});

/** Team colours are stored as JSON text; anything unreadable shows as no colours rather than failing the list. */
function parseColors(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export const toTeam = (r: TeamRow): Team => ({
  id: r.id,
  team_name: r.team_name,
  abbreviation: r.abbreviation,
  flag: r.flag,
  is_flag: Number(r.is_flag) === 1,
  colors_array: parseColors(r.colors),
});

export const toMatch = (r: MatchRow): Match => ({
  id: r.id,
  competition_id: r.competition_id,
  group_id: r.group_id,
  round_id: r.round_id,
  matchday: r.matchday,
  local_team_id: r.local_team_id,
  visiting_team_id: r.visiting_team_id,
  local_placeholder: r.local_placeholder,
  visiting_placeholder: r.visiting_placeholder,
  date: new Date(Number(r.date)).toISOString(),
  status: r.status,
  started: Number(r.started) === 1,
  finished: Number(r.finished) === 1,
  local_goals: r.local_goals,
  visiting_goals: r.visiting_goals,
  local_goals_extra_time: r.local_goals_extra_time,
  visiting_goals_extra_time: r.visiting_goals_extra_time,
  local_penalties: r.local_penalties,
  visiting_penalties: r.visiting_penalties,
  ...(Number(r.started) === 1 && Number(r.finished) === 0 && isLivePhase(r.live_phase)
    && { live: { phase: r.live_phase, minute: r.live_minute ?? null, added: r.live_added ?? null } }),
});

/** A catalogue round by id, without a query: the catalogue table is seeded from the same list. Named in `locale`. */
export function catalogueRound(id: number, locale: Locale = DEFAULT_LOCALE): Round | null {
  const round = ROUNDS.find((r) => r.id === id);
  return round ? { id: round.id, name: localRoundName(round.id, locale, round.name), kind: round.kind } : null;
}
