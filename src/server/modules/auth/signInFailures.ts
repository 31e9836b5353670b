import type { Executor } from '../../db/database';

/**
 * Per-account sign-in limit, kept in the database so it holds across every server process:
 * after MAX_FAILURES failed attempts for one email within WINDOW_MS, further attempts get 429 until
 * the oldest failure leaves the window. Unknown emails count too, so the answer never reveals
 * whether an account exists.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

export async function isAccountThrottled(db: Executor, email: string, now: number): Promise<boolean> {
  const row = await db.selectFrom('sign_in_failures')
    .select((eb) => eb.fn.countAll().as('failures'))
    .where('email', '=', email)
    .where('created_at', '>', now - WINDOW_MS)
    .executeTakeFirst();
  return Number(row?.failures ?? 0) >= MAX_FAILURES;
}

export async function recordSignInFailure(db: Executor, email: string, now: number): Promise<void> {
  // Rows past the window are pruned as new ones arrive (any email), so the table stays small even when
  // someone sprays made-up emails.
  await db.deleteFrom('sign_in_failures').where('created_at', '<=', now - WINDOW_MS).execute();
  await db.insertInto('sign_in_failures').values({ email, created_at: now }).execute();
}

export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}
