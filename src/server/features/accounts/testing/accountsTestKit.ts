import { rankLeagues } from '../../../domain/standings/rankLeagues';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../platform/deps';
import { call } from '../../../testing/harness';

/** Test helpers for the account flows (imported by tests only). */
export const PASSWORD = 'correct horse battery';

export async function signUpViaApi(app: FastifyInstance, fields: { name?: string; email?: string; password?: string; locale?: 'es' | 'en' } = {}) {
  const res = await call(app, {
    method: 'POST', url: '/api/v1/users',
    payload: { api_v1_user: { name: fields.name ?? 'Ana', email: fields.email ?? 'ana@example.com', password: fields.password ?? PASSWORD, ...(fields.locale && { locale: fields.locale }) } },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return res.data as { id: number; name: string; email: string; token: string; locale: string };
}

export function signInViaApi(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return call(app, { method: 'POST', url: '/api/v1/users/sign_in', payload: { api_v1_user: { email, password } }, headers });
}

/** Every row an account call may touch, to prove a refused call changed nothing. */
export async function accountState(deps: AppDeps) {
  const db = deps.db;
  return {
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    sessions: await db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    resets: await db.selectFrom('password_resets').selectAll().orderBy('id').execute(),
    verifications: await db.selectFrom('email_verifications').selectAll().orderBy('id').execute(),
    leagues: await db.selectFrom('leagues').select(['id', 'owner_id']).orderBy('id').execute(),
    members: await db.selectFrom('league_members').select(['league_id', 'user_id']).orderBy('league_id').orderBy('user_id').execute(),
  };
}

export const esHeaders = { 'accept-language': 'es-ES,es;q=0.9' };

/** The token of the newest verification link mailed to `to` (sign-up, email change, resend). */
export function verificationTokenFor(sent: { to: string; text: string }[], to: string): string {
  const mail = sent.filter((m) => m.to === to && m.text.includes('/verify_email?token=')).at(-1);
  if (!mail) throw new Error(`no verification email to ${to}`);
  return /\/verify_email\?token=([\w-]+)/.exec(mail.text)![1]!;
}

let leagueCounter = 0;

/** A league straight into the database (owner first member unless listed), for ownership tests. */
export async function createLeague(deps: AppDeps, ownerId: number, members: { userId: number; joinedAt: number }[]) {
  leagueCounter += 1;
  const now = deps.clock.now();
  const { id: competitionId } = await deps.db.insertInto('competitions')
    .values({ name: `Cup ${leagueCounter}`, competition_type: 'cup', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const { id } = await deps.db.insertInto('leagues').values({
    name: `League ${leagueCounter}`, name_normalized: `league ${leagueCounter}`, competition_id: competitionId, owner_id: ownerId,
    bets_system: 'exact', points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 1,
    person_bets_enabled: 1, allow_invite: 0, allow_join: 0, editable_after_start: 0, start_matchday: 1,
    knockout_basis: 'regular', share_token: `share-${leagueCounter}-${Math.random().toString(36).slice(2)}`,
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (members.length > 0) {
    await deps.db.insertInto('league_members')
      .values(members.map((m) => ({ league_id: id, user_id: m.userId, joined_at: m.joinedAt, department: null })))
      .execute();
    await rankLeagues(deps.db, { competitionId, leagueId: id });
  }
  return id;
}

export async function ownerOf(deps: AppDeps, leagueId: number): Promise<number | undefined> {
  const row = await deps.db.selectFrom('leagues').select('owner_id').where('id', '=', leagueId).executeTakeFirst();
  return row?.owner_id;
}
