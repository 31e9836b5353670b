import type { League } from '../../../shared/api/entities';
import type { Executor } from '../../platform/db/database';
import { defaultLockBy } from '../../../shared/domain/deadlines';
import { pointsSystemOf } from '../../../shared/domain/scoring';
import { parseTieBreaks } from '../../../shared/domain/tieBreaks';
import { scoringFromColumns } from '../../domain/scoring/leagueScoring';
import { selectLeagueTeamIds, selectLeagueViews, selectRoundMultipliers, type LeagueFilter, type LeagueViewRow } from './leaguesRepository';

const iso = (ms: number) => new Date(ms).toISOString();

/** Row -> API League. The share token is for members only (it lets anyone holding it join). */
function toLeague(
  row: LeagueViewRow, teamIds: number[], now: number, roundMultipliers: { round_id: number; factor: number }[] = [],
): League {
  const isMember = row.caller_user_id !== null;
  const finished = row.competition_finished === 1;
  const started = row.first_kickoff !== null && now >= row.first_kickoff;
  return {
    id: row.id,
    name: row.name,
    competition_id: row.competition_id,
    selected_team_ids: teamIds,
    bets_system: row.bets_system,
    // The old field, for older clients: whether goals count in the scoring.
    points_system: pointsSystemOf(scoringFromColumns(row)),
    scoring: scoringFromColumns(row),
    round_multipliers: roundMultipliers,
    jokers: { count: row.joker_count, multiplier: row.joker_multiplier },
    bet_deadline_minutes: row.bet_deadline_minutes,
    lock_by: row.lock_by ?? defaultLockBy({ is_league: row.competition_type === 'league' }),
    jokers_left: isMember ? Math.max(0, row.joker_count - row.caller_jokers_used) : null,
    playoff_results_points: row.playoff_results_points === 1,
    round_bets_enabled: row.round_bets_enabled === 1,
    person_bets_enabled: row.person_bets_enabled === 1,
    allow_invite: row.allow_invite === 1,
    allow_join: row.allow_join === 1,
    editable_after_start: row.editable_after_start === 1,
    late_entry_after_result: row.late_entry_after_result === 1,
    head_to_head: row.head_to_head === 1,
    bots: row.bots,
    description: row.description,
    start_matchday: row.start_matchday,
    knockout_basis: row.knockout_basis,
    tie_breaks: parseTieBreaks(row.tie_breaks),
    competition: {
      id: row.competition_id, name: row.competition_name, finished, is_league: row.competition_type === 'league',
    },
    owner_id: row.owner_id,
    owner_name: row.owner_name,
    members_count: row.members_count,
    is_member: isMember,
    department: isMember ? row.caller_department : null,
    share_token: isMember ? row.share_token : null,
    editable: !finished && (!started || row.editable_after_start === 1),
    finished,
    created_at: iso(row.created_at),
  };
}

/** Leagues as the caller sees them, in list order (unfinished competitions first, then by name). */
export async function leagueViews(db: Executor, callerId: number, filter: LeagueFilter, now: number): Promise<League[]> {
  const rows = await selectLeagueViews(db, callerId, filter);
  const ids = rows.map((r) => r.id);
  const [teams, multipliers] = await Promise.all([selectLeagueTeamIds(db, ids), selectRoundMultipliers(db, ids)]);
  return rows.map((row) => toLeague(row, teams.get(row.id) ?? [], now, multipliers.get(row.id) ?? []));
}

export async function leagueView(db: Executor, callerId: number, leagueId: number, now: number): Promise<League> {
  const [league] = await leagueViews(db, callerId, { ids: [leagueId] }, now);
  return league!;
}
