import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../platform/deps';
import { verificationTokenFor } from '../features/accounts/testing/accountsTestKit';
import { insertSession } from '../platform/sessions/sessionsRepository';
import { signToken } from '../platform/sessions/tokens';
import { createUserWithToken } from '../testing/fixtures';
import { call, type TestApp } from '../testing/harness';

/** Shared helpers of the acceptance tests: long sessions, API calls, a seeded PRNG, chunked concurrency. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const api = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

export interface Player { id: number; name: string; email: string; token: string }

/**
 * A user made by createUserWithToken, with a second session that outlives the test clock's travels
 * (the fixture's token expires after one day; a replay spans weeks).
 */
export async function createPlayer(deps: AppDeps, fields: {
  name: string; is_admin?: boolean; locale?: string; email_verified?: boolean;
}): Promise<Player> {
  const user = await createUserWithToken(deps, fields);
  const now = deps.clock.now();
  const sessionId = randomUUID();
  const expiresAt = now + 400 * DAY;
  await insertSession(deps.db, { id: sessionId, user_id: user.id, created_at: now, expires_at: expiresAt });
  const token = await signToken(deps.jwtSecret, { userId: user.id, sessionId }, now, expiresAt);
  return { id: user.id, name: fields.name, email: user.email, token };
}

/**
 * Confirms the player's address the way a person does: asks for a verification link (from their own client
 * address, as the resend limits are per address) and opens the link mailed to them.
 */
export async function verifyEmailByLink(t: TestApp, player: Player, remoteAddress: string): Promise<void> {
  const resend = await call(t.app, { method: 'POST', url: '/api/v1/users/verify_email/resend', token: player.token, remoteAddress });
  if (resend.statusCode !== 200) throw new Error(`verification resend answered ${resend.statusCode}: ${resend.body}`);
  const token = verificationTokenFor(t.mailer.sent, player.email);
  const opened = await call(t.app, { method: 'POST', url: '/api/v1/users/verify_email', payload: { token }, remoteAddress });
  if (opened.statusCode !== 200) throw new Error(`verification link answered ${opened.statusCode}: ${opened.body}`);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A prefixed API call; fails loudly (with the answer) when the status is not the expected one. */
export async function ok(t: TestApp, method: Method, path: string, token: string | null, payload?: unknown, expected = 200) {
  const res = await call(t.app, { method, url: api(path), token, ...(payload !== undefined && { payload: payload as object }) });
  if (res.statusCode !== expected) {
    throw new Error(`${method} ${path} answered ${res.statusCode} (expected ${expected}): ${res.body}`);
  }
  return res.data;
}

/** mulberry32: a small deterministic PRNG so every run places the same bets. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** `count` distinct items, in random order. */
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, count);
    },
  };
}

/** Runs `work` over the items, `size` at a time concurrently. */
export async function inChunks<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}
