import type { Executor } from '../../platform/db/database';
import type { SessionCache } from '../../platform/sessions/sessionCache';
import { deleteUserSessions } from '../../platform/sessions/sessionsRepository';
import { revokeUserTokens } from '../../platform/sessions/personalTokens';
import { updateUser } from './accountsRepository';

/**
 * Account changes made by a global admin from the console, inside the admin's transaction. The
 * checks (never your own account, never the last admin) and the audit entry are the admin module's.
 */

/**
 * The account can no longer sign in, and every session and personal API token ends now (the session cache forgets
 * the user at once), so enabling it again brings none of them back.
 */
export async function disableAccount(trx: Executor, sessions: SessionCache, userId: number, now: number): Promise<void> {
  await updateUser(trx, sessions, userId, { disabled_at: now }, now);
  await deleteUserSessions(trx, sessions, userId);
  await revokeUserTokens(trx, sessions, userId);
}

export async function enableAccount(trx: Executor, sessions: SessionCache, userId: number, now: number): Promise<void> {
  await updateUser(trx, sessions, userId, { disabled_at: null }, now);
}

export async function setGlobalAdmin(trx: Executor, sessions: SessionCache, userId: number, admin: boolean, now: number): Promise<void> {
  await updateUser(trx, sessions, userId, { is_admin: admin ? 1 : 0 }, now);
}
