import { PostgresAdapter, sql, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { BonusQuestionsTable } from '../../platform/db/schema';

/** SQL of bonus_questions and bonus_answers. */

export async function updateQuestion(db: Executor, id: number, values: Updateable<BonusQuestionsTable>): Promise<void> {
  await db.updateTable('bonus_questions').set(values).where('id', '=', id).execute();
}

export async function deleteQuestion(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('bonus_questions').where('id', '=', id).execute();
}

/**
 * A question; with `lock`, PostgreSQL holds its row until the transaction ends (`update` for writes that change it
 * or its points, `share` for answers), so answering, resolving, editing and deleting one question never interleave.
 */
export async function findQuestion(db: Executor, id: number, lock?: 'update' | 'share') {
  let query = db.selectFrom('bonus_questions').selectAll().where('id', '=', id);
  if (lock && db.getExecutor().adapter instanceof PostgresAdapter) query = lock === 'update' ? query.forUpdate() : query.forShare();
  return query.executeTakeFirst();
}
export type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

export async function listQuestions(db: Executor, leagueId: number): Promise<QuestionRow[]> {
  return db.selectFrom('bonus_questions').selectAll().where('league_id', '=', leagueId).orderBy('deadline').orderBy('id').execute();
}

/** Answers of these questions with the members' names; only `userId`'s when given. */
export async function listAnswers(db: Executor, questionIds: number[], userId?: number) {
  if (questionIds.length === 0) return [];
  let query = db.selectFrom('bonus_answers as a').innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('leagues as l', 'l.id', 'a.league_id')
    .select(['a.question_id', 'a.user_id', 'u.name as user_name', 'a.answer', 'a.points', 'a.by_bot', 'l.bots'])
    .where('a.question_id', 'in', questionIds);
  if (userId !== undefined) query = query.where('a.user_id', '=', userId);
  return query.orderBy('u.name').orderBy('a.user_id').execute();
}

/** Whether the team plays in the competition (a team answer must name one). */
export async function teamPlays(db: Executor, competitionId: number, teamId: number): Promise<boolean> {
  const row = await db.selectFrom('competition_teams').select('team_id').where('competition_id', '=', competitionId)
    .where('team_id', '=', teamId).executeTakeFirst();
  return row !== undefined;
}

export async function countAnswers(db: Executor, questionId: number): Promise<number> {
  const row = await db.selectFrom('bonus_answers').select((eb) => eb.fn.countAll<number>().as('n')).where('question_id', '=', questionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Saves the member's answer (one per question): a resolved question scores it at once. `byBot`: saved with a token. */
export async function upsertAnswer(
  db: Executor,
  args: { questionId: number; leagueId: number; userId: number; answer: string; key: string; points: number | null; now: number; byBot?: 0 | 1 },
): Promise<void> {
  const byBot = args.byBot !== undefined ? { by_bot: args.byBot } : {};
  await db.insertInto('bonus_answers').values({
    question_id: args.questionId, league_id: args.leagueId, user_id: args.userId, answer: args.answer, answer_key: args.key,
    points: args.points, updated_at: args.now, ...byBot,
  }).onConflict((oc) => oc.columns(['question_id', 'user_id']).doUpdateSet({
    answer: args.answer, answer_key: args.key, points: args.points, updated_at: args.now, ...byBot,
  })).execute();
}

/**
 * Scores every answer of a question in one statement: its points when its key is among the right ones, else 0
 * (null: unresolved). Answers the members' points before and after, for the ones that changed.
 */
export async function scoreAnswers(db: Executor, questionId: number, correctKeys: string[] | null, points: number) {
  const before = await db.selectFrom('bonus_answers').select(['user_id', 'points']).where('question_id', '=', questionId).execute();
  const value = correctKeys === null
    ? sql<number | null>`NULL`
    : sql<number>`CASE WHEN answer_key IN (${sql.join(correctKeys)}) THEN ${points} ELSE 0 END`;
  await db.updateTable('bonus_answers').set({ points: value }).where('question_id', '=', questionId).execute();
  const after = new Map((await db.selectFrom('bonus_answers').select(['user_id', 'points']).where('question_id', '=', questionId).execute())
    .map((r) => [Number(r.user_id), r.points === null ? null : Number(r.points)]));
  return before.map((r) => ({ user_id: Number(r.user_id), before: r.points === null ? null : Number(r.points), after: after.get(Number(r.user_id)) ?? null }))
    .filter((r) => r.before !== r.after);
}
