import type { Executor } from '../../platform/db/database';
import type { Dialect } from '../../platform/db/migrations/index';

/** All SQL of personal API tokens but the sign-in lookup (platform/sessions/personalTokens.ts). */

export interface ApiTokenRow {
  id: number; name: string; scope: 'read' | 'bet'; created_at: number; expires_at: number; last_used_at: number | null;
}

const COLUMNS = ['id', 'name', 'scope', 'created_at', 'expires_at', 'last_used_at'] as const;

export async function listTokens(db: Executor, userId: number): Promise<ApiTokenRow[]> {
  return db.selectFrom('api_tokens').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * Holds the user's row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time), so two
 * creations at once count each other's tokens.
 */
export async function lockUser(trx: Executor, dialect: Dialect, userId: number): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function countLiveTokens(db: Executor, userId: number, now: number): Promise<number> {
  const row = await db.selectFrom('api_tokens').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertToken(
  db: Executor, token: { user_id: number; name: string; scope: 'read' | 'bet'; token_hash: string; created_at: number; expires_at: number },
): Promise<ApiTokenRow> {
  return db.insertInto('api_tokens').values(token).returning(COLUMNS).executeTakeFirstOrThrow();
}

/** Deletes one of the user's tokens; false when the user has no such token. */
export async function deleteToken(db: Executor, userId: number, tokenId: number): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

