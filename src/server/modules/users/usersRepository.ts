import type { Executor } from '../../db/database';

export async function findPublicUser(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function findEmailReminders(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('email_reminders').where('id', '=', id).executeTakeFirst();
  return row?.email_reminders === 1;
}
