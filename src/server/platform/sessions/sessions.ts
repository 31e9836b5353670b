import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/database';
import type { AppDeps } from '../deps';
import { insertSession } from './sessionsRepository';
import { signToken } from './tokens';
import { recordSignIn } from './sessionsRepository';

const DAY_MS = 86_400_000;

/**
 * Opens a session row and signs its token. Without "remember me" the session lasts one day; otherwise
 * config.sessionDays. Every session opened is a sign-in (password, sign-up, a completed reset): the admin console's
 * last sign-in.
 */
export async function openSession(deps: AppDeps, db: Executor, userId: number, rememberMe = true): Promise<string> {
  const now = deps.clock.now();
  const expiresAt = now + (rememberMe ? deps.config.sessionDays : 1) * DAY_MS;
  const sessionId = randomUUID();
  await insertSession(db, { id: sessionId, user_id: userId, created_at: now, expires_at: expiresAt });
  await recordSignIn(db, userId, now);
  return signToken(deps.jwtSecret, { userId, sessionId }, now, expiresAt);
}

/** The token travels in the body and in the `Authorization: Bearer` header too. */
export function sendToken(reply: FastifyReply, token: string): void {
  reply.header('authorization', `Bearer ${token}`);
}
