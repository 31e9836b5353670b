import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../platform/deps';
import { insertSession } from '../platform/sessions/sessionsRepository';
import { signToken } from '../platform/sessions/tokens';

let counter = 0;

/** Inserts a user straight into the database and opens a session; returns the id and a bearer token. */
export async function createUserWithToken(deps: AppDeps, fields: {
  name?: string; email?: string; is_admin?: boolean; locale?: string; email_verified?: boolean;
} = {}) {
  counter += 1;
  const now = deps.clock.now();
  const email = fields.email ?? `user${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const { id } = await deps.db.insertInto('users').values({
    name: fields.name ?? `User ${counter}`,
    email,
    password_hash: 'fixture-no-password',
    is_admin: fields.is_admin ? 1 : 0,
    email_verified: fields.email_verified ? 1 : 0,
    locale: fields.locale ?? 'en',
    created_at: now,
    updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const sessionId = randomUUID();
  const expiresAt = now + 86_400_000;
  await insertSession(deps.db, { id: sessionId, user_id: id, created_at: now, expires_at: expiresAt });
  const token = await signToken(deps.jwtSecret, { userId: id, sessionId }, now, expiresAt);
  return { id, email, token };
}
