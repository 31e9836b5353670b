import { createHash } from 'node:crypto';
import type { Executor } from '../db/database';
import { precompiled } from '../db/precompiled';
import type { SessionCache } from './sessionCache';
import { forgetUserEverywhere } from './revocations';

/**
 * The database keeps only the SHA-256 of each session id: the token carries the id itself, so a copy of the database
 * (a backup) names no session anyone could use. Every read and delete goes through this.
 */
export function sessionHash(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

/** Stores a new session under the hash of `id` (the id the token carries). */
export async function insertSession(db: Executor, session: { id: string; user_id: number; created_at: number; expires_at: number }) {
  await db.insertInto('sessions').values({ ...session, id: sessionHash(session.id) }).execute();
}

function sessionUserQuery(db: Executor, sessionId: string, userId: number, now: number) {
  return db.selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'users.locale', 'users.email_verified',
      'users.email_reminders', 'users.ranking_hidden', 'sessions.expires_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.expires_at', '>', now)
    // A disabled account's sessions are deleted with it; one opened by a sign-in racing the disable is refused here.
    .where('users.disabled_at', 'is', null);
}

type SessionUser = Awaited<ReturnType<ReturnType<typeof sessionUserQuery>['executeTakeFirstOrThrow']>>;

// Runs on every signed-in request that misses the session cache.
const sessionUser = precompiled((db, sessionId: string, userId: number, now: number) => sessionUserQuery(db, sessionId, userId, now).compile(), 3);

/** The session's user, if the session exists and has not expired. */
export async function findSessionUser(db: Executor, sessionId: string, userId: number, now: number): Promise<SessionUser | undefined> {
  return (await sessionUser(db, sessionHash(sessionId), userId, now))[0];
}

// Every delete also drops the user's sessions from every process's cache of signed-in callers (revocations.ts).

/** Signs one session out (its user's other sessions are read again for a moment, in every process). */
export async function deleteSession(db: Executor, sessions: SessionCache, sessionId: string, userId: number) {
  await forgetUserEverywhere(db, sessions, userId);
  await db.deleteFrom('sessions').where('id', '=', sessionHash(sessionId)).execute();
}

export async function deleteUserSessions(db: Executor, sessions: SessionCache, userId: number) {
  await forgetUserEverywhere(db, sessions, userId);
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Revokes every session of the user but the one making the request (password change). */
export async function deleteOtherSessions(db: Executor, sessions: SessionCache, userId: number, keepSessionId: string) {
  await forgetUserEverywhere(db, sessions, userId);
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', sessionHash(keepSessionId)).execute();
}

/** When the user last signed in (admin console); not a change of the user row, so no cache is dropped. */
export async function recordSignIn(db: Executor, id: number, now: number): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', id).execute();
}
