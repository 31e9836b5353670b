import { createCup } from '../../../testing/competitionFixture';
import { createUserWithToken } from '../../../testing/fixtures';
import { call, type TestApp } from '../../../testing/harness';
import { withMatchCompetitions } from '../../../testing/betCompetitions';

/** Test helpers for league and invitation routes (used by tests only). */

// Hours after the harness clock (sessions of the fixtures last one day).
export const CUP_START = Date.parse('2026-06-01T18:00:00Z');

export type Person = Awaited<ReturnType<typeof createUserWithToken>>;

export const api = (path: string, locale: 'en' | 'es' = 'en') => `/api/v1/${locale}${path}`;

/** A cup starting after the harness clock, and its five people: owner, two members, an outsider and an admin. */
export async function leagueWorld(t: TestApp) {
  const cup = await createCup(t.deps.db, { start: CUP_START });
  const owner = await createUserWithToken(t.deps, { name: 'Olga Owner' });
  const member = await createUserWithToken(t.deps, { name: 'Mario Member' });
  const other = await createUserWithToken(t.deps, { name: 'Nora Nonmember' });
  const admin = await createUserWithToken(t.deps, { name: 'Ada Admin', is_admin: true });
  return { cup, owner, member, other, admin };
}

/** Marks a person's address verified (or not), as following the verification link would. */
export async function setEmailVerified(t: TestApp, who: Person, verified = true) {
  t.deps.sessions.forgetUser(who.id); // like every writer of users rows: signed-in callers carry email_verified (sessionCache.ts)
  await t.deps.db.updateTable('users').set({ email_verified: verified ? 1 : 0 }).where('id', '=', who.id).execute();
}

export async function createLeague(t: TestApp, who: Person, league: Record<string, unknown>) {
  const res = await call(t.app, { method: 'POST', url: api('/leagues'), token: who.token, payload: { league } });
  if (res.statusCode !== 200) throw new Error(`create league failed: ${res.statusCode} ${res.body}`);
  return res.data.league as { id: number; share_token: string } & Record<string, unknown>;
}

export async function join(t: TestApp, who: Person, leagueId: number, token?: string) {
  return call(t.app, {
    method: 'POST', url: api('/leagues/join'), token: who.token,
    payload: token === undefined ? { league_id: leagueId } : { league_id: leagueId, invitation_token: token },
  });
}

/** A league of the world's cup owned by `owner` with `member` in it. */
export async function leagueWithMember(t: TestApp, w: Awaited<ReturnType<typeof leagueWorld>>, settings: Record<string, unknown> = {}) {
  const league = await createLeague(t, w.owner, { name: 'Office Porra', competition_id: w.cup.competitionId, ...settings });
  const res = await join(t, w.member, league.id, league.share_token);
  if (res.statusCode !== 200) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  return league;
}

/** One bet of each kind and mode for a member, plus a stored matchday point row. */
export async function placeBets(t: TestApp, leagueId: number, userId: number, cup: Awaited<ReturnType<typeof createCup>>) {
  const now = t.clock.now();
  const db = t.deps.db;
  for (const mode of [0, 1]) {
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, {
      league_id: leagueId, user_id: userId, match_id: cup.groupMatchIds[0], mode, local_goals: 1, visiting_goals: 0, updated_at: now,
    })).execute();
    await db.insertInto('round_bets').values({
      league_id: leagueId, user_id: userId, league_rule_id: cup.ruleIds[6], team_id: cup.teamIds[0], mode, updated_at: now,
    }).execute();
  }
  const person = await db.insertInto('people').values({ name: 'Striker', team_id: cup.teamIds[0], external_key: null })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('person_bets').values({
    league_id: leagueId, user_id: userId, league_rule_id: cup.ruleIds[10], person_id: person.id, mode: 0, updated_at: now,
  }).execute();
  await db.insertInto('member_matchday_points').values({ league_id: leagueId, user_id: userId, matchday: 1, points: 3, competition_id: cup.competitionId }).execute();
}

export async function betCounts(t: TestApp, leagueId: number, userId: number) {
  const db = t.deps.db;
  const count = async (table: 'result_bets' | 'round_bets' | 'person_bets' | 'member_matchday_points') => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))
      .where('league_id', '=', leagueId).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    result: await count('result_bets'), round: await count('round_bets'),
    person: await count('person_bets'), matchday: await count('member_matchday_points'),
  };
}
