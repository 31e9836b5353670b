import type { Executor } from '../../platform/db/database';

/**
 * What one feature holds about a user, for the user's data export and for account deletion. Each feature that
 * stores rows about users exports one section; the app hands the list to the export and to account deletion, so no
 * feature imports another.
 *
 * - `collect` answers, as plain JSON, what the user's export shows of those rows: never a secret (password hash,
 *   session token, push keys, invitation, share, calendar, reset or API tokens, any token's hash, a webhook's URL
 *   or signing secret). Stored JSON passes through `withoutSecrets`.
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

/** Keys that name a secret, wherever they appear in stored JSON (`token`, `share_token`, `secret`, `token_hash`...). */
const SECRET_KEY = /(^|_)(token|secret|hash|password)(_|$)/i;

/**
 * Stored JSON as an export may show it: every member whose key names a secret is left out, at any depth. An
 * invitation message holds its join token, which the account reading its own export may not be entitled to: the
 * address it was sent to may belong to someone else.
 */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEY.test(key)).map(([key, v]) => [key, withoutSecrets(v)]));
}
