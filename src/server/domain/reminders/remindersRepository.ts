import type { Executor } from '../../platform/db/database';

/**
 * Who to remind, and in which language; only users that have something pending are asked for. Accounts an admin
 * disabled are never reminded; whether the address is verified decides whether it gets an email.
 */
export async function recipients(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'name', 'email', 'locale', 'email_reminders', 'email_verified'])
    .where('id', 'in', userIds).where('disabled_at', 'is', null).execute();
}

/** Items (a matchday's result bets, a round's picks) already reminded by the scheduler: it reminds each once. */
export async function alreadyReminded(db: Executor, userIds: number[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('reminders_sent').select(['user_id', 'league_id', 'item']).where('user_id', 'in', userIds).execute();
  return new Set(rows.map((r) => `${r.user_id}:${r.league_id}:${r.item}`));
}

export async function recordReminders(db: Executor, rows: { user_id: number; league_id: number; item: string }[], now: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('reminders_sent')
      .values(rows.slice(i, i + 200).map((r) => ({ user_id: r.user_id, league_id: r.league_id, item: r.item, sent_at: now })))
      .onConflict((oc) => oc.columns(['user_id', 'league_id', 'item']).doUpdateSet({ sent_at: now })).execute();
  }
}
