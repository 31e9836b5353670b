import type { Executor } from '../../platform/db/database';
import { deleteUserTokens } from '../../platform/sessions/personalTokens';
import { listTokens } from './apiTokensRepository';

/**
 * What a user's data export shows of their personal API tokens (names, scopes and dates: never a token nor its
 * hash), and their removal when the account is deleted (inside the deletion's transaction).
 */
export const apiTokensUserData = {
  name: 'api_tokens',
  collect: async (db: Executor, userId: number) => (await listTokens(db, userId)).map((row) => ({
    name: row.name, scope: row.scope, created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  })),
  forget: (trx: Executor, userId: number) => deleteUserTokens(trx, userId),
};
