import { randomUUID } from 'node:crypto';
import { insertSession } from '../../../platform/sessions/sessionsRepository';
import { signToken } from '../../../platform/sessions/tokens';
import type { TestApp } from '../../../testing/harness';
import { call } from '../../../testing/harness';
import { settleResultJobs } from '../../../domain/resultJobs/testing/settleResultJobs';
import { api, leagueWithMember, leagueWorld, type Person } from '../../leagues/testing/leagueTestKit';

/** The world's cup with a league (owner and member) and helpers to add hooks and enter results. */
export async function webhookWorld(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w);
  return { ...w, league };
}

export const addHook = (t: TestApp, who: Person | null, body: Record<string, unknown>, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api('/leagues/webhooks', locale), token: who?.token ?? null, payload: body });

export const listHooks = (t: TestApp, who: Person | null, leagueId: number, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'GET', url: api(`/leagues/webhooks/${leagueId}`, locale), token: who?.token ?? null });

/** The admin enters a final result. */
export async function enterResult(t: TestApp, admin: Person, matchId: number, home: number, away: number) {
  const res = await call(t.app, {
    method: 'PUT', url: api(`/matches/${matchId}`), token: admin.token,
    payload: { match: { local_goals: home, visiting_goals: away, status: 'finished' } },
  });
  if (res.statusCode !== 200) throw new Error(`result failed: ${res.statusCode} ${res.body}`);
  // The result reaches the league tables, and so the outbox, through its background job.
  await settleResultJobs(t.deps);
}

/** A new sign-in of `who` at the clock's time (the fixtures' sessions last a day; outbox tests move days ahead). */
export async function signInAgain(t: TestApp, who: Person): Promise<Person> {
  const now = t.clock.now();
  const sessionId = randomUUID();
  await insertSession(t.deps.db, { id: sessionId, user_id: who.id, created_at: now, expires_at: now + 86_400_000 });
  return { ...who, token: await signToken(t.deps.jwtSecret, { userId: who.id, sessionId }, now, now + 86_400_000) };
}
