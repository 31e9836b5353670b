import { sql } from 'kysely';
import type { Db } from '../../src/server/platform/db/database';
import { hashPassword } from '../../src/server/platform/sessions/passwords';
import { sessionHash } from '../../src/server/platform/sessions/sessionsRepository';
import { signToken } from '../../src/server/platform/sessions/tokens';
import type { BetsDataset } from './betsDataset';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const SPIKE_PASSWORD = 'spike password 2026';

export interface Player { id: number; email: string; token: string; leagueIds: number[]; signsIn: boolean; ip: string }
export interface SpikeWorld { players: Player[]; adminToken: string; resultMatchId: number; currentMatchday: number }

/**
 * The spike's starting point on the bets dataset: the next matchday's first kickoff 15 minutes away (its deadline in
 * 10), a remembered session for each of `count` players (the app's 30-day "remember me"), a real password for the
 * share of them who sign in again, and an admin who corrects the last played match during the run.
 */
export async function prepareSpikeWorld(
  db: Db, data: BetsDataset, secret: Uint8Array, options: { count: number; signInShare: number; scryptCost: number },
): Promise<SpikeWorld> {
  const now = Date.now();
  const open = await db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', data.competitionId)
    .where('finished', '=', 0).orderBy('matchday').orderBy('id').execute();
  const currentMatchday = open[0].matchday;
  const places = new Map<number, number>();
  for (const match of open) {
    const place = places.get(match.matchday) ?? 0;
    places.set(match.matchday, place + 1);
    const date = now + 15 * MINUTE + (match.matchday - currentMatchday) * DAY + place * 3 * HOUR;
    await db.updateTable('matches').set({ date, bets_shown_at: null }).where('id', '=', match.id).execute();
  }
  const played = await db.selectFrom('matches').select('id').where('competition_id', '=', data.competitionId)
    .where('finished', '=', 1).orderBy('date', 'desc').executeTakeFirstOrThrow();

  const first = data.firstUserId;
  const last = first + options.count - 1;
  // Sessions are stored by the hash of their id (the token carries the id).
  const ids = await db.selectFrom('users').select('id').where('id', '>=', first).where('id', '<=', last).execute();
  for (let start = 0; start < ids.length; start += 500) {
    await db.insertInto('sessions')
      .values(ids.slice(start, start + 500).map(({ id }) => ({ id: sessionHash(`spike-${id}`), user_id: id, created_at: now, expires_at: now + DAY })))
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })))
      .execute();
  }
  // Every k-th player signs in again (a new device, an expired session); the others come back signed in.
  const k = options.signInShare > 0 ? Math.max(1, Math.round(1 / options.signInShare)) : 0;
  if (k > 0) {
    const hash = await hashPassword(SPIKE_PASSWORD, options.scryptCost);
    await sql`UPDATE users SET password_hash = ${hash}, email_verified = 1
      WHERE id BETWEEN ${first} AND ${last} AND (id - ${first}) % ${k} = 0`.execute(db);
  }
  const users = await db.selectFrom('users').select(['id', 'email']).where('id', '>=', first).where('id', '<=', last).orderBy('id').execute();
  const memberships = await db.selectFrom('league_members').select(['user_id', 'league_id'])
    .where('user_id', '>=', first).where('user_id', '<=', last).execute();
  const leaguesOf = new Map<number, number[]>();
  for (const m of memberships) leaguesOf.set(m.user_id, [...(leaguesOf.get(m.user_id) ?? []), m.league_id]);
  const players = await Promise.all(users.map(async (user, i) => ({
    id: user.id, email: user.email, leagueIds: leaguesOf.get(user.id) ?? [],
    token: await signToken(secret, { userId: user.id, sessionId: `spike-${user.id}` }, now, now + DAY),
    signsIn: k > 0 && (user.id - first) % k === 0,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  })));

  await sql`INSERT INTO users (name, email, password_hash, is_admin, email_verified, locale, email_reminders, created_at, updated_at)
    VALUES ('Spike admin', 'spike-admin@example.com', 'spike-no-password', 1, 1, 'en', 0, ${now}, ${now})
    ON CONFLICT (email) DO NOTHING`.execute(db);
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'spike-admin@example.com').executeTakeFirstOrThrow();
  await sql`INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (${sessionHash('spike-admin')}, ${admin.id}, ${now}, ${now + DAY})
    ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at`.execute(db);
  const adminToken = await signToken(secret, { userId: admin.id, sessionId: 'spike-admin' }, now, now + DAY);
  return { players, adminToken, resultMatchId: played.id, currentMatchday };
}
