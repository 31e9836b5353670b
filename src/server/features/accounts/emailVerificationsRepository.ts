import type { Executor } from '../../platform/db/database';
import type { SessionCache } from '../../platform/sessions/sessionCache';
import { forgetUserEverywhere } from '../../platform/sessions/revocations';

export async function insertVerification(db: Executor, row: {
  user_id: number; email: string; token_hash: string; expires_at: number; now: number;
}): Promise<void> {
  const { now, ...values } = row;
  await db.insertInto('email_verifications').values({ ...values, created_at: now }).execute();
}

/** The verification this token hash names, if it is unused and unexpired. */
export async function findUsableVerification(db: Executor, tokenHash: string, now: number) {
  return db.selectFrom('email_verifications')
    .select(['id', 'user_id', 'email'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Whether this token hash names a link (used or expired alike) to the address its account has now and has confirmed:
 * a second click on a link that did its job.
 */
export async function confirmedByEarlierLink(db: Executor, tokenHash: string): Promise<boolean> {
  const row = await db.selectFrom('email_verifications as v').innerJoin('users as u', 'u.id', 'v.user_id')
    .select('v.id').where('v.token_hash', '=', tokenHash).whereRef('u.email', '=', 'v.email').where('u.email_verified', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Uses the verification up; false when another request used it first. */
export async function claimVerification(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db.updateTable('email_verifications').set({ used_at: now })
    .where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Kills every open verification link of the user. */
export async function useOpenVerifications(db: Executor, userId: number, now: number): Promise<void> {
  await db.updateTable('email_verifications').set({ used_at: now })
    .where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Marks the address verified, only if the account still has that address; true when it did. */
export async function markEmailVerified(db: Executor, sessions: SessionCache, userId: number, email: string, now: number): Promise<boolean> {
  await forgetUserEverywhere(db, sessions, userId); // signed-in callers carry email_verified
  const result = await db.updateTable('users').set({ email_verified: 1, updated_at: now })
    .where('id', '=', userId).where('email', '=', email).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
