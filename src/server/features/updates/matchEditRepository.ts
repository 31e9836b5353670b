import type { Executor } from '../../platform/db/database';
import type { MatchesTable } from '../../platform/db/schema';

export async function matchForEdit(db: Executor, id: number) {
  return db.selectFrom('matches')
    .select(['id', 'competition_id', 'status', 'started', 'finished', 'local_goals', 'visiting_goals', 'local_team_id', 'visiting_team_id',
      'local_goals_extra_time', 'visiting_goals_extra_time', 'local_penalties', 'visiting_penalties'])
    .where('id', '=', id).executeTakeFirst();
}

/** Which of these teams play in the competition. */
export async function teamsOfCompetition(db: Executor, competitionId: number, teamIds: number[]): Promise<Set<number>> {
  if (teamIds.length === 0) return new Set();
  const rows = await db.selectFrom('competition_teams').select('team_id')
    .where('competition_id', '=', competitionId).where('team_id', 'in', teamIds).execute();
  return new Set(rows.map((r) => r.team_id));
}

export type MatchChanges = Partial<Pick<MatchesTable, 'local_goals' | 'visiting_goals' | 'local_goals_extra_time' | 'visiting_goals_extra_time'
  | 'local_penalties' | 'visiting_penalties' | 'local_team_id' | 'visiting_team_id' | 'date'>> & { status?: string; started?: 0 | 1; finished?: 0 | 1 };

export async function updateMatchFields(db: Executor, id: number, changes: MatchChanges, now: number): Promise<void> {
  await db.updateTable('matches').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export async function auditMatchEdit(db: Executor, actorId: number, matchId: number, changes: MatchChanges, now: number): Promise<void> {
  await db.insertInto('audit_log').values({
    actor_id: actorId, action: 'match_update', entity: 'match', entity_id: matchId, details: JSON.stringify(changes), created_at: now,
  }).execute();
}
