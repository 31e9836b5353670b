import type { Executor } from '../../platform/db/database';

/**
 * What one feature holds about a user, for the user's data export and for account deletion. Each feature that
 * stores rows about users exports one section; the app hands the list to the export and to account deletion, so no
 * feature imports another.
 *
 * - `collect` answers, as plain JSON, what the user's export shows of those rows: never a secret (password hash,
 *   session token, push keys).
 * - `forget` runs inside the account deletion's transaction, after the user has left every league and before the
 *   user row is deleted: it removes the rows or anonymises them (nothing left that points at the user).
 */
export interface UserDataSection {
  /** The section's key in the export (unique among sections). */
  name: string;
  collect(db: Executor, userId: number): Promise<unknown>;
  forget(trx: Executor, userId: number): Promise<void>;
}

/** Every section's collect, under its name, in the given order. */
export async function collectUserData(db: Executor, sections: readonly UserDataSection[], userId: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const section of sections) out[section.name] = await section.collect(db, userId);
  return out;
}

/** Every section's forget, in the given order, inside the caller's transaction. */
export async function forgetUserData(trx: Executor, sections: readonly UserDataSection[], userId: number): Promise<void> {
  if (!trx.isTransaction) throw new Error('forgetUserData runs inside the account deletion transaction');
  for (const section of sections) await section.forget(trx, userId);
}

/** Epoch milliseconds as an ISO time (exports show times readably); null stays null. */
export const isoTime = (ms: number | string | null | undefined): string | null =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
