import type { Static } from 'typebox';
import type { Match } from '../../../shared/api/entities';
import type { ResultBet } from '../../../shared/api/routes/resultBets';
import type { BetRow } from './resultBetsRepository';
import { botMarkShown } from '../../domain/leagues/botRules';

/** Rows to API shapes, applying who may see and edit a bet: others see it once its deadline has passed, its owner always. */

function toMatch(row: BetRow): Match {
  return {
    id: row.match_id, competition_id: row.competition_id, group_id: row.group_id, round_id: row.round_id,
    matchday: row.matchday, local_team_id: row.local_team_id, visiting_team_id: row.visiting_team_id,
    local_placeholder: row.local_placeholder, visiting_placeholder: row.visiting_placeholder,
    date: new Date(row.date).toISOString(), status: row.status, started: row.started === 1, finished: row.finished === 1,
    local_goals: row.match_local_goals, visiting_goals: row.match_visiting_goals,
    local_goals_extra_time: row.local_goals_extra_time, visiting_goals_extra_time: row.visiting_goals_extra_time,
    local_penalties: row.local_penalties, visiting_penalties: row.visiting_penalties,
  };
}

/** Others may see a real bet once its deadline has passed; its owner always sees it. */
export const isBetVisible = (row: BetRow, viewerId: number, now: number): boolean => row.user_id === viewerId || now >= row.deadline;

/** Whether the viewer may edit this row now (a simulation row: while its match is unfinished). */
export function canEditBet(row: BetRow, viewerId: number, now: number): boolean {
  if (row.user_id !== viewerId || row.played !== 1 || row.competition_finished === 1) return false;
  // A real bet closes at its deadline, or earlier if its match already has a result (entered early by an admin):
  // a bet made knowing the result would score, and the standings are only rebuilt when results change.
  return row.mode === 1 ? row.finished === 0 : now < row.deadline && row.finished !== 1;
}

export function toResultBet(row: BetRow, viewerId: number, now: number): Static<typeof ResultBet> {
  const visible = isBetVisible(row, viewerId, now);
  const local = visible ? row.local_goals : null;
  const visiting = visible ? row.visiting_goals : null;
  return {
    id: row.id, match: toMatch(row), match_id: row.match_id, league_id: row.league_id, user_id: row.user_id,
    user_name: row.user_name, local_goals: local, visiting_goals: visiting, local_goals_edit: local, visiting_goals_edit: visiting,
    allow_show_bets: now >= row.deadline, allow_edit_bets: canEditBet(row, viewerId, now),
    modified_after_start: row.modified_after_start === 1, late_entry: row.late_entry === 1, updated_at: visible ? new Date(row.updated_at).toISOString() : null,
    result_established: row.finished === 1, points: visible ? row.points : null, mode: row.mode,
    // A joker tells as much as the bet: others see it once they may see the bet.
    joker: visible && row.mode === 0 && row.joker === 1,
    bot: row.mode === 0 && botMarkShown(row, now >= row.deadline),
  };
}
