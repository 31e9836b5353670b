import type { Executor } from '../../platform/db/database';

/** The title-race marks last told per league and member (title_race_marks). */

export interface Mark { can_win: boolean; clinched: boolean }

export async function listMarks(db: Executor, leagueId: number): Promise<Map<number, Mark>> {
  const rows = await db.selectFrom('title_race_marks').select(['user_id', 'can_win', 'clinched']).where('league_id', '=', leagueId).execute();
  return new Map(rows.map((r) => [Number(r.user_id), { can_win: Number(r.can_win) === 1, clinched: Number(r.clinched) === 1 }]));
}

/** First marks of members seen for the first time (nothing to tell them yet); a row another process wrote first stays. */
export async function insertMarks(db: Executor, leagueId: number, rows: { user_id: number; mark: Mark }[], now: number): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('title_race_marks')
    .values(rows.map((r) => ({ league_id: leagueId, user_id: r.user_id, can_win: r.mark.can_win ? 1 : 0, clinched: r.mark.clinched ? 1 : 0, updated_at: now })))
    .onConflict((oc) => oc.columns(['league_id', 'user_id']).doNothing()).execute();
}

/**
 * Moves these members from one mark to another, only where the stored mark is still `from`: of processes looking
 * at the same results at once, only the one whose update changed a row tells its member. Answers those members.
 */
export async function moveMarks(db: Executor, leagueId: number, userIds: number[], from: Mark, to: Mark, now: number): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db.updateTable('title_race_marks')
    .set({ can_win: to.can_win ? 1 : 0, clinched: to.clinched ? 1 : 0, updated_at: now })
    .where('league_id', '=', leagueId).where('user_id', 'in', userIds)
    .where('can_win', '=', from.can_win ? 1 : 0).where('clinched', '=', from.clinched ? 1 : 0)
    .returning('user_id').execute();
  return rows.map((r) => Number(r.user_id));
}

export async function listCompetitionLeagues(db: Executor, competitionId: number) {
  const rows = await db.selectFrom('leagues').select(['id', 'name']).where('competition_id', '=', competitionId).orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function listRecipients(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'locale']).where('id', 'in', userIds).where('disabled_at', 'is', null).execute();
  return rows.map((r) => ({ id: Number(r.id), locale: r.locale }));
}
