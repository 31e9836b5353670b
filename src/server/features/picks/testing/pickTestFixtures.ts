import { rankLeagues } from '../../../domain/standings/rankLeagues';
import { randomUUID } from 'node:crypto';
import { ROUND } from '../../../../shared/domain/rounds';
import type { Executor } from '../../../platform/db/database';
import type { LeaguesTable } from '../../../platform/db/schema';
import type { TestApp } from '../../../testing/harness';
import { call } from '../../../testing/harness';
import { createCup, type CupFixture } from '../../../testing/competitionFixture';
import { createUserWithToken } from '../../../testing/fixtures';
import { insertSession } from '../../../platform/sessions/sessionsRepository';
import { signToken } from '../../../platform/sessions/tokens';

/** Test helpers for picks: a league straight into the database and the pick calls. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export async function insertLeague(db: Executor, competitionId: number, ownerId: number, settings: Partial<LeaguesTable> = {}): Promise<number> {
  const { id } = await db.insertInto('leagues').values({
    name: 'Office', name_normalized: 'office', competition_id: competitionId, owner_id: ownerId,
    bets_system: 'exact', points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 1,
    person_bets_enabled: 1, allow_invite: 0, allow_join: 0, editable_after_start: 0, start_matchday: 1,
    knockout_basis: 'regular', share_token: randomUUID(), created_at: 0, updated_at: 0, ...settings,
  } as never).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function addMember(db: Executor, leagueId: number, userId: number): Promise<void> {
  await db.insertInto('league_members').values({ league_id: leagueId, user_id: userId, department: null, joined_at: 0 }).execute();
  const { competition_id: competitionId } = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirstOrThrow();
  await rankLeagues(db, { competitionId, leagueId });
}

interface PickWorld {
  cup: CupFixture;
  leagueId: number;
  owner: { id: number; token: string };
  member: { id: number; token: string };
  outsider: { id: number; token: string };
  admin: { id: number; token: string };
  /** Kickoffs of the cup (first group match, first semi-final, final). */
  start: number;
  semisStart: number;
  finalStart: number;
}

/** A cup starting one day after the test clock, a league with two members, an outsider and an admin. */
export async function pickWorld(t: TestApp, settings: Partial<LeaguesTable> = {}): Promise<PickWorld> {
  const start = t.clock.now() + DAY;
  const cup = await createCup(t.deps.db, { start });
  const owner = await createUserWithToken(t.deps, { name: 'Ana' });
  const member = await createUserWithToken(t.deps, { name: 'Bea' });
  const outsider = await createUserWithToken(t.deps, { name: 'Carla' });
  const admin = await createUserWithToken(t.deps, { name: 'Root', is_admin: true });
  const leagueId = await insertLeague(t.deps.db, cup.competitionId, owner.id, settings);
  await addMember(t.deps.db, leagueId, owner.id);
  await addMember(t.deps.db, leagueId, member.id);
  return { cup, leagueId, owner, member, outsider, admin, start, semisStart: start + 3 * DAY, finalStart: start + 4 * DAY + 6 * HOUR };
}

/** Moves the clock and signs the world's users in again (test sessions last a day). */
export async function setClock(t: TestApp, w: PickWorld, time: number): Promise<void> {
  t.clock.set(time);
  for (const user of [w.owner, w.member, w.outsider, w.admin]) {
    const sessionId = randomUUID();
    await insertSession(t.deps.db, { id: sessionId, user_id: user.id, created_at: time, expires_at: time + DAY });
    user.token = await signToken(t.deps.jwtSecret, { userId: user.id, sessionId }, time, time + DAY);
  }
}

export const api = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

export function fillRound(t: TestApp, token: string | null, body: Record<string, unknown>, action: 'fill' | 'clear' = 'fill') {
  return call(t.app, { method: 'POST', url: api(`/round_bets/${action}_round_bet`), token, payload: body });
}

export function fillPerson(t: TestApp, token: string | null, body: Record<string, unknown>, action: 'fill' | 'clear' = 'fill') {
  return call(t.app, { method: 'POST', url: api(`/person_bets/${action}_person_bet`), token, payload: body });
}

/** Puts the semi-final teams in place (1A-2B, 1B-2A) like the importer would. */
export async function drawSemis(db: Executor, w: PickWorld, teams: [number, number, number, number]): Promise<void> {
  const [sf1, sf2] = w.cup.knockoutMatchIds;
  await db.updateTable('matches').set({ local_team_id: teams[0], visiting_team_id: teams[1] }).where('id', '=', sf1).execute();
  await db.updateTable('matches').set({ local_team_id: teams[2], visiting_team_id: teams[3] }).where('id', '=', sf2).execute();
}

export async function setResult(
  db: Executor, matchId: number,
  score: { local: number; visiting: number; localEt?: number; visitingEt?: number; localPens?: number; visitingPens?: number },
): Promise<void> {
  await db.updateTable('matches').set({
    started: 1, finished: 1, status: 'finished', local_goals: score.local, visiting_goals: score.visiting,
    local_goals_extra_time: score.localEt ?? null, visiting_goals_extra_time: score.visitingEt ?? null,
    local_penalties: score.localPens ?? null, visiting_penalties: score.visitingPens ?? null,
  }).where('id', '=', matchId).execute();
}

export const ruleOf = (w: PickWorld, roundId: number) => w.cup.ruleIds[roundId];
export { ROUND };
