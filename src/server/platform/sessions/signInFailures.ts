import type { Executor } from '../db/database';
import { retryLater } from '../errors/errors';

/**
 * The sign-in throttle, kept in the database so it holds across every server process. Failures are counted
 * per (email, client IP) and per client IP:
 * - MAX_FAILURES failed attempts for one email from one address within WINDOW_MS lock that email from that address
 *   only, so a stranger guessing someone's password cannot lock the owner out from the owner's own address;
 * - MAX_IP_FAILURES failures from one address, whatever the emails, lock that address (password spraying).
 * Unknown emails count too, so the answer never reveals whether an account exists.
 */
export const MAX_FAILURES = 10;
export const MAX_IP_FAILURES = 50;
export const WINDOW_MS = 15 * 60_000;

/**
 * Records an attempt as a failure before the password is checked, then counts: each of many concurrent attempts
 * sees at least every attempt committed before its own, so no burst gets past the limit. Call it outside any
 * transaction. Over the limit the attempt is withdrawn and a 429 with Retry-After is thrown; a successful
 * attempt is withdrawn by clearSignInFailures, a failed one stays counted. Returns the attempt's id.
 */
export async function startSignInAttempt(db: Executor, email: string, ip: string, now: number): Promise<number> {
  // Rows past the window are pruned as new ones arrive (any email), so the table stays small even when
  // someone sprays made-up emails.
  await db.deleteFrom('sign_in_failures').where('created_at', '<=', now - WINDOW_MS).execute();
  const { id } = await db.insertInto('sign_in_failures').values({ email, ip, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const since = now - WINDOW_MS;
  const [pair, address] = await Promise.all([
    failuresSince(db, since, { email, ip }),
    failuresSince(db, since, { ip }),
  ]);
  const waitMs = Math.max(
    pair.count > MAX_FAILURES ? pair.oldest + WINDOW_MS - now : 0,
    address.count > MAX_IP_FAILURES ? address.oldest + WINDOW_MS - now : 0,
  );
  if (waitMs > 0) {
    await db.deleteFrom('sign_in_failures').where('id', '=', id).execute();
    throw retryLater(429, 'errors.too_many_requests', waitMs / 1000);
  }
  return id;
}

/** The attempt never checked a password (the server was busy): it does not count. */
export async function withdrawSignInAttempt(db: Executor, attemptId: number): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('id', '=', attemptId).execute();
}

async function failuresSince(db: Executor, since: number, by: { email?: string; ip: string }) {
  let query = db.selectFrom('sign_in_failures')
    .select((eb) => [eb.fn.countAll().as('failures'), eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', by.ip)
    .where('created_at', '>', since);
  if (by.email !== undefined) query = query.where('email', '=', by.email);
  const row = await query.executeTakeFirst();
  return { count: Number(row?.failures ?? 0), oldest: Number(row?.oldest ?? since) };
}

/** A successful sign-in clears that email's failures from that address (other addresses keep theirs). */
export async function clearSignInFailures(db: Executor, email: string, ip: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).where('ip', '=', ip).execute();
}

/** The owner proved control of the address (password reset by email): every failure for it goes. */
export async function clearAllSignInFailures(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
}
