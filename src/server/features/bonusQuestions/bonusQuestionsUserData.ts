import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/** The user's answers to bonus questions in every league, with the question and the points once resolved. */
export const bonusQuestionsUserData: UserDataSection = {
  name: 'bonus_answers',
  async collect(db, userId) {
    const rows = await db.selectFrom('bonus_answers as a').innerJoin('bonus_questions as q', 'q.id', 'a.question_id')
      .innerJoin('leagues as l', 'l.id', 'a.league_id')
      .select(['a.league_id', 'l.name as league', 'q.text as question', 'a.answer', 'a.points', 'a.updated_at'])
      .where('a.user_id', '=', userId).orderBy('a.league_id').orderBy('a.question_id').execute();
    return rows.map((r) => ({
      league_id: Number(r.league_id), league: r.league, question: r.question, answer: r.answer,
      points: r.points === null ? null : Number(r.points), updated_at: isoTime(r.updated_at),
    }));
  },
  async forget(trx, userId) {
    await trx.deleteFrom('bonus_answers').where('user_id', '=', userId).execute();
  },
};
