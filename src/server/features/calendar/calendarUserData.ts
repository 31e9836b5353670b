import type { UserDataSection } from '../../domain/userData/userDataSection';
import { isoTime } from '../../domain/userData/userDataSection';

/** Whether the user has a private calendar address and when it was last replaced; never the address (it is a secret). */
export const calendarUserData: UserDataSection = {
  name: 'calendar',
  async collect(db, userId) {
    const row = await db.selectFrom('calendar_feeds').select(['generation', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
    return row ? { replaced: Number(row.generation), updated_at: isoTime(row.updated_at) } : null;
  },
  async forget(trx, userId) {
    await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  },
};
