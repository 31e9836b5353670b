import { sql } from 'kysely';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';

/** A knockout match as eligibility sees it. */
export interface KnockoutMatch {
  round_id: number;
  local_team_id: number | null;
  visiting_team_id: number | null;
  finished: number;
  local_goals: number | null;
  visiting_goals: number | null;
  local_goals_extra_time: number | null;
  visiting_goals_extra_time: number | null;
  local_penalties: number | null;
  visiting_penalties: number | null;
}

/** Who went through a finished tie: 90 minutes, then extra time, then penalties. Null while undecided. */
export function tieWinner(m: KnockoutMatch): number | null {
  if (m.finished !== 1 || m.local_team_id === null || m.visiting_team_id === null) return null;
  if (m.local_goals === null || m.visiting_goals === null) return null;
  const local = m.local_goals + (m.local_goals_extra_time ?? 0);
  const visiting = m.visiting_goals + (m.visiting_goals_extra_time ?? 0);
  if (local !== visiting) return local > visiting ? m.local_team_id : m.visiting_team_id;
  if (m.local_penalties === null || m.visiting_penalties === null || m.local_penalties === m.visiting_penalties) return null;
  return m.local_penalties > m.visiting_penalties ? m.local_team_id : m.visiting_team_id;
}

const tieLoser = (m: KnockoutMatch): number | null => {
  const winner = tieWinner(m);
  return winner === null ? null : winner === m.local_team_id ? m.visiting_team_id : m.local_team_id;
};

/**
 * Teams a round pick may still name: start from the latest round up to it whose
 * participants are all known (else every team of the competition) and drop the losers of the ties played
 * since. The Champion is the round after the final; the third-place match follows the semi-finals' losers
 * only once it is drawn, so before that it accepts every team still alive before the semi-finals.
 * League-table rules (champion, European places, relegation) accept every team.
 */
export function eligibleTeams(roundId: number, allTeamIds: readonly number[], matches: readonly KnockoutMatch[]): number[] {
  const byRound = (r: number) => matches.filter((m) => m.round_id === r);
  const known = (r: number) => byRound(r).length > 0 && byRound(r).every((m) => m.local_team_id !== null && m.visiting_team_id !== null);
  const participants = (r: number) => byRound(r).flatMap((m) => [m.local_team_id!, m.visiting_team_id!]);

  let before: number;
  if (roundId === ROUND.CHAMPION) before = KNOCKOUT_ORDER.length;
  else if (KNOCKOUT_ORDER.includes(roundId)) before = KNOCKOUT_ORDER.indexOf(roundId);
  else if (roundId === ROUND.THIRD_PLACE) {
    if (known(ROUND.THIRD_PLACE)) return unique(participants(ROUND.THIRD_PLACE));
    before = KNOCKOUT_ORDER.indexOf(ROUND.SEMI_FINALS);
  } else return unique(allTeamIds);

  if (KNOCKOUT_ORDER.includes(roundId) && known(roundId)) return unique(participants(roundId));
  const earlier = KNOCKOUT_ORDER.slice(0, before).filter((r) => byRound(r).length > 0);
  const baseIndex = earlier.map(known).lastIndexOf(true);
  let alive = baseIndex >= 0 ? participants(earlier[baseIndex]) : [...allTeamIds];
  const since = new Set(earlier.slice(Math.max(baseIndex, 0)));
  const losers = new Set(matches.filter((m) => since.has(m.round_id)).map(tieLoser).filter((t): t is number => t !== null));
  alive = alive.filter((t) => !losers.has(t));
  return unique(alive);
}

const unique = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The teams of a competition: its registered teams and any team that plays one of its matches. */
async function competitionTeamIds(db: Executor, competitionId: number): Promise<number[]> {
  const rows = await sql<{ team_id: number }>`
    select team_id from competition_teams where competition_id = ${competitionId}
    union select local_team_id from matches where competition_id = ${competitionId} and local_team_id is not null
    union select visiting_team_id from matches where competition_id = ${competitionId} and visiting_team_id is not null
  `.execute(db);
  return rows.rows.map((r) => Number(r.team_id));
}

async function knockoutMatches(db: Executor, competitionId: number): Promise<KnockoutMatch[]> {
  return db.selectFrom('matches')
    .select([
      'round_id', 'local_team_id', 'visiting_team_id', 'finished', 'local_goals', 'visiting_goals',
      'local_goals_extra_time', 'visiting_goals_extra_time', 'local_penalties', 'visiting_penalties',
    ])
    .where('competition_id', '=', competitionId)
    .where('round_id', 'in', [...KNOCKOUT_ORDER, ROUND.THIRD_PLACE])
    .execute();
}

/** Eligible teams of a rule's round, read from the database. */
export async function eligibleTeamIdsOf(db: Executor, competitionId: number, roundId: number): Promise<number[]> {
  const teams = await competitionTeamIds(db, competitionId);
  return eligibleTeams(roundId, teams, await knockoutMatches(db, competitionId));
}
