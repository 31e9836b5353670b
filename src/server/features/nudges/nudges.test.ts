import { startFakePushService, type FakePushService } from '../../platform/push/testing/fakePushService';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { nudgeMembers } from './nudgesService';
import { api, CUP_START, join, leagueWithMember, leagueWorld, type Person } from '../leagues/testing/leagueTestKit';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

const MINUTE = 60_000;
// The local push service listens on 127.0.0.1, which only tests allow.
let service: FakePushService;
beforeAll(async () => { service = await startFakePushService(); });
afterAll(async () => { await service.close(); });

const missing = (t: TestApp, who: Person | null, leagueId: number, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'GET', url: api(`/leagues/missing_bets/${leagueId}`, locale), token: who?.token ?? null });
const nudge = (t: TestApp, who: Person | null, leagueId: number, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api(`/leagues/nudge/${leagueId}`, locale), token: who?.token ?? null });

async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
}

/**
 * The world's cup (two group-A matches close first, 5 minutes before CUP_START; lock by match) and a league with
 * Mario (Spanish, reminder emails on), Carla (reminder emails off, a phone subscribed) and Bob (all bets placed).
 */
async function nudgeWorld(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w);
  const carla = await createUserWithToken(t.deps, { name: 'Carla', email_verified: true });
  const bob = await createUserWithToken(t.deps, { name: 'Bob', email_verified: true });
  for (const who of [carla, bob]) expect((await join(t, who, league.id, league.share_token)).statusCode).toBe(200);
  await t.deps.db.updateTable('users').set({ locale: 'es', email_reminders: 1, email_verified: 1 }).where('id', '=', w.member.id).execute();
  await t.deps.db.updateTable('users').set({ email_reminders: 0 }).where('id', '=', carla.id).execute();
  t.deps.sessions.forgetUser(w.member.id);
  t.deps.sessions.forgetUser(carla.id);
  const firstTwo = w.cup.groupMatchIds.slice(0, 2);
  await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, firstTwo.map((matchId) => ({
    league_id: league.id, user_id: bob.id, match_id: matchId, local_goals: 1, visiting_goals: 0, updated_at: t.clock.now(),
  })))).execute();
  // Mario placed one of the two; an empty row (goals null) is not a bet.
  await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, [
    { league_id: league.id, user_id: w.member.id, match_id: firstTwo[0], local_goals: 2, visiting_goals: 2, updated_at: t.clock.now() },
    { league_id: league.id, user_id: w.member.id, match_id: firstTwo[1], local_goals: null, visiting_goals: null, updated_at: t.clock.now() },
  ])).execute();
  const phone = service.device();
  await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: carla.token, payload: { subscription: phone.subscription } });
  return { ...w, league, carla, bob, phone };
}

describeEachDb('who has not bet yet, and nudges', (ctx) => {
  beforeEach(() => { service.received.length = 0; ctx().deps.pushAgent = service.agent; });

  it('lists the members missing bets of the next deadline, for the owner and global admins only', async () => {
    const t = ctx();
    const w = await nudgeWorld(t);
    const list = await missing(t, w.owner, w.league.id);
    expect(list.statusCode).toBe(200);
    expect(list.data).toEqual({
      deadline: new Date(CUP_START - 5 * MINUTE).toISOString(), matchday: 1,
      members: [
        { user_id: w.carla.id, user_name: 'Carla', missing: 2, nudged: false, reach: ['push', 'in_app'] },
        { user_id: w.member.id, user_name: 'Mario Member', missing: 1, nudged: false, reach: ['email', 'in_app'] },
        { user_id: w.owner.id, user_name: 'Olga Owner', missing: 2, nudged: false, reach: ['in_app'] },
      ],
    });
    expect((await missing(t, w.admin, w.league.id)).data).toEqual(list.data);
    expect((await missing(t, null, w.league.id)).statusCode).toBe(401);
    expect((await missing(t, w.other, w.league.id)).statusCode).toBe(403);
    const member = await missing(t, w.member, w.league.id, 'es');
    expect(member.statusCode).toBe(403);
    expect(member.data.error).toBe('No tienes permiso para hacer eso');
    expect((await missing(t, w.owner, 999_999)).statusCode).toBe(404);

    // Past that deadline the next one is the group-B matches' (3 hours later).
    t.clock.set(CUP_START);
    expect((await missing(t, w.owner, w.league.id)).data.deadline).toBe(new Date(CUP_START + 3 * 60 * MINUTE - 5 * MINUTE).toISOString());
  });

  it('nudges each missing member once per deadline, by push and email within their reminder settings; a second nudge is 409', async () => {
    const t = ctx();
    const w = await nudgeWorld(t);
    for (const who of [null, w.other, w.member, w.admin]) {
      expect((await nudge(t, who, w.league.id)).statusCode).toBe(who === null ? 401 : 403);
    }
    expect(await t.deps.db.selectFrom('league_nudges').selectAll().execute()).toEqual([]);

    const sent = await nudge(t, w.owner, w.league.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.data.message).toBe('Nudge sent: Carla (push, in Porra); Mario Member (email, in Porra)');
    expect(sent.data.nudged_user_ids).toEqual([w.member.id, w.carla.id].sort((a, b) => a - b));
    expect(sent.data.missing.members.map((m: { nudged: boolean }) => m.nudged)).toEqual([true, true, false]);

    // Mario keeps reminder emails on: an email in Spanish. Carla turned them off: her phone's push only.
    await until(() => t.mailer.sent.length > 0 && service.received.length > 0);
    expect(t.mailer.sent).toEqual([expect.objectContaining({ to: w.member.email, subject: 'Porra: Olga Owner te recuerda que hagas tus apuestas' })]);
    expect(t.mailer.sent[0].text).toContain(`/result_bets/new?league_id=${w.league.id}&matchday=1`);
    expect(service.received).toHaveLength(1);
    expect(service.received[0].payload).toMatchObject({ title: 'Olga Owner is waiting for your bets' });
    expect(w.phone.subscription.endpoint.endsWith(service.received[0].id)).toBe(true);

    const again = await nudge(t, w.owner, w.league.id, 'es');
    expect(again.statusCode).toBe(409);
    expect(again.data.error).toBe('Ya se ha avisado a todos los que aún no han apostado antes de este cierre');
    expect((await missing(t, w.owner, w.league.id)).data.members.map((m: { nudged: boolean }) => m.nudged)).toEqual([true, true, false]);

    // A member who joins later and has not bet is nudged on their own; those nudged before are not again. Dora keeps
    // reminder emails on but never confirmed her address: no email (mail only goes to addresses shown to be theirs).
    const dora = await createUserWithToken(t.deps, { name: 'Dora' });
    await join(t, dora, w.league.id, w.league.share_token);
    await t.deps.db.updateTable('users').set({ email_reminders: 1 }).where('id', '=', dora.id).execute();
    const owner = { id: w.owner.id, name: 'Olga Owner', email: w.owner.email, is_admin: false, locale: 'en' as const, sessionId: '-', email_verified: true, email_reminders: false, ranking_hidden: false };
    const late = await nudgeMembers(t.deps, owner, w.league.id);
    expect(late.answer.nudged_user_ids).toEqual([dora.id]);
    expect(late.nudged).toEqual([expect.objectContaining({ user_name: 'Dora', reach: ['in_app'] })]);
    await late.delivered;
    expect(t.mailer.sent.map((mail) => mail.to)).toEqual([w.member.email]);
    expect(await t.deps.db.selectFrom('league_nudges').select('user_id').execute()).toHaveLength(3);

    // The next deadline is a new one: everyone missing it may be nudged again.
    t.clock.set(CUP_START);
    expect((await nudge(t, w.owner, w.league.id)).statusCode).toBe(200);
    // Once every member but the owner has bet for the next deadline, there is nobody to nudge: 409 as well.
    t.clock.set(CUP_START + 3 * 60 * MINUTE - 6 * MINUTE);
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, [w.member, w.carla, w.bob, dora].flatMap((who) => w.cup.groupMatchIds.slice(6, 8)
      .map((matchId) => ({ league_id: w.league.id, user_id: who.id, match_id: matchId, local_goals: 0, visiting_goals: 0, updated_at: t.clock.now() }))))).execute();
    const none = await nudge(t, w.owner, w.league.id);
    expect(none.statusCode).toBe(409);
    expect(none.data.error).toBe('Nobody is missing bets for the next deadline');
  });

  it('tells the owner a member without push or reminder emails is reached in Porra only, and shows that member the nudge in the side panel', async () => {
    const t = ctx();
    const w = await nudgeWorld(t);
    const peter = await createUserWithToken(t.deps, { name: 'Peter New', locale: 'es' });
    await join(t, peter, w.league.id, w.league.share_token);
    const alerts = async (who: Person, locale: 'en' | 'es' = 'en') =>
      (await call(t.app, { method: 'GET', url: api('/alerts/index', locale), token: who.token })).data as { message: string; league_id: number; nudged?: boolean }[];
    // The deadline is more than 72 hours ahead: no alert of its own before the nudge.
    t.clock.set(CUP_START - 80 * 60 * MINUTE);
    expect((await alerts(peter)).filter((alert) => alert.league_id === w.league.id)).toEqual([]);

    const sent = await nudge(t, w.owner, w.league.id, 'es');
    expect(sent.statusCode).toBe(200);
    expect(sent.data.message).toBe('Aviso enviado: Carla (push, en Porra); Mario Member (correo, en Porra); '
      + 'Peter New (solo en Porra: sin dispositivo push ni recordatorios por correo)');
    expect(sent.data.missing.members.find((m: { user_id: number }) => m.user_id === peter.id).reach).toEqual(['in_app']);
    expect(await alerts(peter, 'es')).toEqual([expect.objectContaining({
      league_id: w.league.id, nudged: true, message: 'Olga Owner te recuerda: 2 partidos sin apuesta (Jornada 1)',
    })]);
    // Once the bets are placed the nudge has nothing left to say.
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, w.cup.groupMatchIds.slice(0, 2).map((matchId) => ({
      league_id: w.league.id, user_id: peter.id, match_id: matchId, local_goals: 1, visiting_goals: 1, updated_at: t.clock.now(),
    })))).execute();
    expect(await alerts(peter)).toEqual([]);
    // Nor does it once the deadline has passed.
    await t.deps.db.deleteFrom('result_bets').where('user_id', '=', peter.id).execute();
    t.clock.set(CUP_START);
    expect((await alerts(peter)).some((alert) => alert.nudged)).toBe(false);
  });

  it('two nudges at once: one nudges, the other answers 409, and each member is recorded once', async () => {
    const t = ctx();
    const w = await nudgeWorld(t);
    const answers = await Promise.all([nudge(t, w.owner, w.league.id), nudge(t, w.owner, w.league.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.deps.db.selectFrom('league_nudges').select('user_id').orderBy('user_id').execute();
    expect(rows.map((r) => Number(r.user_id))).toEqual([w.member.id, w.carla.id].sort((a, b) => a - b));
  });
}, { config: { pushAllowedHosts: ['127.0.0.1'] } });
