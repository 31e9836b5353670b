import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../db/database';
import type { SessionCache } from './sessionCache';
import { forgetUserEverywhere } from './revocations';

/**
 * Personal API tokens: `porra_pat_<user id>_<43 random characters>`. The prefix makes a leaked one recognisable
 * (secret scanners, logs); the user id lets the cache of signed-in callers key it like a session, so a revocation
 * forgets it in every process (revocations.ts). The database keeps only the SHA-256 of the whole token.
 */
const PERSONAL_TOKEN_PREFIX = 'porra_pat_';
const SHAPE = /^porra_pat_([1-9]\d{0,9})_[\w-]{43}$/;

/** Cache keys of tokens never meet a session id (those are UUIDs). */
export const tokenCacheKey = (hash: string) => `pat:${hash}`;

export function personalTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newPersonalToken(userId: number): { token: string; hash: string } {
  const token = `${PERSONAL_TOKEN_PREFIX}${userId}_${randomBytes(32).toString('base64url')}`;
  return { token, hash: personalTokenHash(token) };
}

/** The user id a well-formed personal token names, or null when it is not one. */
export function personalTokenUserId(token: string): number | null {
  const match = SHAPE.exec(token);
  return match ? Number(match[1]) : null;
}

/** Within this time of its last recorded use a token's use is not written again (no write per call). */
export const LAST_USED_PRECISION_MS = 60_000;

/** The token's user and scope, if the token exists, has not expired and its account is enabled. */
export async function findTokenUser(db: Executor, hash: string, userId: number, now: number) {
  return db.selectFrom('api_tokens as t')
    .innerJoin('users', 'users.id', 't.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'users.locale', 'users.email_verified',
      'users.email_reminders', 'users.ranking_hidden', 't.expires_at', 't.id as token_id', 't.scope', 't.last_used_at'])
    .where('t.token_hash', '=', hash).where('t.user_id', '=', userId).where('t.expires_at', '>', now)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
}

export type TokenUser = NonNullable<Awaited<ReturnType<typeof findTokenUser>>>;

/** Records a use, at most once per LAST_USED_PRECISION_MS (a concurrent call that already did is left alone). */
export async function touchToken(db: Executor, tokenId: number, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - LAST_USED_PRECISION_MS)]))
    .execute();
}

/**
 * Revokes every personal token of the user, here and (PostgreSQL, when `db` commits) in every other process: a
 * password reset, a reset by the operator, a disabled account and the owner's "revoke all" each call it, so a
 * hijacker's token does not outlive the account's recovery.
 */
export async function revokeUserTokens(db: Executor, sessions: SessionCache, userId: number): Promise<void> {
  await forgetUserEverywhere(db, sessions, userId);
  await deleteUserTokens(db, userId);
}

/** The rows alone: account deletion forgets the user's cached callers itself, once every section is gone. */
export async function deleteUserTokens(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}
