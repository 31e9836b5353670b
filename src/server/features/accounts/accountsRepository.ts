import type { Executor } from '../../platform/db/database';
import type { SessionCache } from '../../platform/sessions/sessionCache';
import { forgetUserEverywhere } from '../../platform/sessions/revocations';

const USER_COLUMNS = ['id', 'name', 'email', 'password_hash', 'is_admin', 'email_reminders', 'locale', 'email_verified', 'disabled_at', 'ranking_hidden'] as const;

export type UserRow = Awaited<ReturnType<typeof findUserById>> & object;

export async function findUserById(db: Executor, id: number) {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('email', '=', email).executeTakeFirst();
}

export async function emailTakenByOther(db: Executor, email: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).where('id', '<>', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * A new account keeps reminder emails on (its owner turns them off in their settings): mail only ever goes to an
 * address once it is confirmed, so a verified member is reminded and nudged by email by default.
 */
export async function insertUser(db: Executor, user: {
  name: string; email: string; password_hash: string; locale: string; is_admin?: 0 | 1; email_verified?: 0 | 1; now: number;
}): Promise<number> {
  const { now, ...values } = user;
  const { id } = await db.insertInto('users')
    .values({ email_reminders: 1, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(db: Executor, sessions: SessionCache, id: number, changes: {
  name?: string; email?: string; password_hash?: string; locale?: string; email_reminders?: 0 | 1; is_admin?: 0 | 1;
  email_verified?: 0 | 1; disabled_at?: number | null;
}, now: number): Promise<void> {
  await forgetUserEverywhere(db, sessions, id); // signed-in callers carry the user row: no cached copy outlives this change
  await db.updateTable('users').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteUser(db: Executor, sessions: SessionCache, id: number): Promise<void> {
  await forgetUserEverywhere(db, sessions, id);
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function adminRecipients(db: Executor) {
  return db.selectFrom('users').select(['email', 'locale']).where('is_admin', '=', 1).orderBy('id').execute();
}

