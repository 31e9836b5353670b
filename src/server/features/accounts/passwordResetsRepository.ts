import type { Executor } from '../../platform/db/database';

export async function insertPasswordReset(db: Executor, reset: { user_id: number; token_hash: string; expires_at: number; now: number }) {
  const { now, ...values } = reset;
  await db.insertInto('password_resets').values({ ...values, created_at: now }).execute();
}

/** The reset this token hash names, if it is unused and unexpired. */
export async function findUsableReset(db: Executor, tokenHash: string, now: number) {
  return db.selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses up every open reset of the user; true when the one named was still open, so two requests racing
 * with the same token cannot both succeed.
 */
export async function useResets(db: Executor, userId: number, resetId: number, now: number): Promise<boolean> {
  const claimed = await db.updateTable('password_resets').set({ used_at: now })
    .where('id', '=', resetId).where('used_at', 'is', null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  await db.updateTable('password_resets').set({ used_at: now })
    .where('user_id', '=', userId).where('used_at', 'is', null).execute();
  return true;
}

/** Kills every open reset link of the user (the password or the email address changed). */
export async function useOpenResets(db: Executor, userId: number, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now })
    .where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
