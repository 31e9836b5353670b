import type { Executor } from '../../db/database';

export async function insertSession(db: Executor, session: { id: string; user_id: number; created_at: number; expires_at: number }) {
  await db.insertInto('sessions').values(session).execute();
}

/** The session's user, if the session exists and has not expired. */
export async function findSessionUser(db: Executor, sessionId: string, userId: number, now: number) {
  return db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'users.locale'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
}

export async function deleteSession(db: Executor, sessionId: string) {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Executor, userId: number) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Revokes every session of the user but the one making the request (password change). */
export async function deleteOtherSessions(db: Executor, userId: number, keepSessionId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
}
