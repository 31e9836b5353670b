import { createHmac } from 'node:crypto';
import { buildApp } from '../../app';
import { call, describeEachDb, testConfig, CapturingMailer, type TestApp } from '../../testing/harness';
import { api } from '../leagues/testing/leagueTestKit';
import { deliverDueWebhooks, FIRST_RETRY_MS, GIVE_UP_AFTER_MS, retryDelay } from './webhookDelivery';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhookReceiver';
import { addHook, enterResult, listHooks, signInAgain, webhookWorld } from './testing/webhookWorld';
import { publishLeagueEvent } from '../../domain/leagueEvents/publishLeagueEvent';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(60_000);

const SECOND = 1000;
const HOUR = 3_600_000;

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(async () => { await receiver.close(); });
beforeEach(() => { receiver.received.length = 0; receiver.answer(200); });

const hmac = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

async function jsonHook(t: TestApp, w: Awaited<ReturnType<typeof webhookWorld>>, path = '/porra', events = ['result', 'matchday_winners']) {
  const added = await addHook(t, w.owner, { league_id: w.league.id, url: `${receiver.base}${path}`, kind: 'json', events });
  expect(added.statusCode).toBe(200);
  return added.data as { webhook: { id: number }; secret: string };
}

const deliveries = (t: TestApp) => t.deps.db.selectFrom('webhook_deliveries')
  .select(['id', 'event', 'status', 'attempts', 'next_attempt_at', 'last_status']).orderBy('id').execute();

describeEachDb('league webhooks: the outbox', (ctx) => {
  it('sends a result with the new top places, signed with the secret shown once, and nothing before the job runs', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const { secret, webhook } = await jsonHook(t, w);
    await t.deps.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.owner.id).execute();
    await t.deps.db.insertInto('result_bets').values([
      { competition_id: w.cup.competitionId, league_id: w.league.id, user_id: w.member.id, match_id: w.cup.groupMatchIds[0]!, local_goals: 2, visiting_goals: 1, updated_at: t.clock.now() },
    ]).execute();
    await enterResult(t, w.admin, w.cup.groupMatchIds[0]!, 2, 1);
    // The admin's answer never waited for the receiver: the event waits in the outbox.
    expect(receiver.received).toEqual([]);
    expect(await deliveries(t)).toEqual([expect.objectContaining({ event: 'result', status: 'pending', attempts: 0 })]);

    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 1, retrying: 0, failed: 0, switched_off: 0 });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.headers['x-porra-signature']).toBe(hmac(secret, got!.raw));
    expect(got!.headers['content-type']).toBe('application/json');
    const [row] = await deliveries(t);
    expect(got!.headers['x-porra-delivery']).toBe(String(row!.id));
    expect(got!.body).toEqual({
      event: 'result', id: row!.id, created_at: new Date(t.clock.now()).toISOString(),
      league: { id: w.league.id, name: 'Office Porra' },
      data: {
        match: expect.objectContaining({ id: w.cup.groupMatchIds[0], matchday: 1, home: 'Team A1', away: 'Team A2', home_goals: 2, away_goals: 1 }),
        top: [
          expect.objectContaining({ rank: 1, user_id: w.member.id, name: 'Mario Member' }),
          { rank: 2, user_id: w.owner.id, name: 'Olga Owner', points: 0 },
        ],
      },
    });
    expect(got!.body.data.top[0].points).toBeGreaterThan(0);
    // Acknowledged once: a second run sends nothing.
    expect((await deliverDueWebhooks(t.deps)).delivered).toBe(0);
    const list = await listHooks(t, w.owner, w.league.id);
    expect(list.data[0].deliveries).toEqual([expect.objectContaining({ id: row!.id, event: 'result', status: 'delivered', attempts: 1, last_status: 200 })]);
    expect(list.data[0].id).toBe(webhook.id);
  });

  it('tells the winners when the last match of a matchday finishes, and formats chats in the owner\'s language', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    await t.deps.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.owner.id).execute();
    for (const [kind, path] of [['discord', '/discord'], ['slack', '/slack'], ['teams', '/teams']] as const) {
      expect((await addHook(t, w.owner, { league_id: w.league.id, url: `${receiver.base}${path}`, kind, events: ['matchday_winners'] })).statusCode).toBe(200);
    }
    const matchday1 = [w.cup.groupMatchIds[0]!, w.cup.groupMatchIds[1]!, w.cup.groupMatchIds[6]!, w.cup.groupMatchIds[7]!];
    await t.deps.db.insertInto('result_bets').values({
      competition_id: w.cup.competitionId, league_id: w.league.id, user_id: w.member.id, match_id: matchday1[0]!, local_goals: 1, visiting_goals: 0, updated_at: t.clock.now(),
    }).execute();
    for (const id of matchday1.slice(0, 3)) await enterResult(t, w.admin, id, 1, 0);
    expect(await deliveries(t)).toEqual([]);
    await enterResult(t, w.admin, matchday1[3]!, 0, 0);
    await deliverDueWebhooks(t.deps);
    const byPath = Object.fromEntries(receiver.received.map((r) => [r.path, r]));
    expect(Object.keys(byPath).sort()).toEqual(['/discord', '/slack', '/teams']);
    expect(byPath['/discord']!.body.content).toMatch(/^Office Porra, Jornada 1: gana Mario Member con \d+ puntos$/);
    expect(byPath['/slack']!.body.text).toBe(byPath['/discord']!.body.content);
    expect(byPath['/teams']!.body.attachments[0].content.body[0].text).toBe(byPath['/discord']!.body.content);
    // Only JSON hooks are signed.
    expect(byPath['/discord']!.headers['x-porra-signature']).toBeUndefined();
  });

  it('names a knockout matchday by its round in chat, in the owner\'s language, and a group matchday by number', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    expect((await addHook(t, w.owner, { league_id: w.league.id, url: `${receiver.base}/slack`, kind: 'slack', events: ['result', 'matchday_winners'] })).statusCode).toBe(200);
    const [semi1, semi2] = w.cup.knockoutMatchIds;
    const teams = w.cup.teamIds;
    await t.deps.db.updateTable('matches').set({ local_team_id: teams[0]!, visiting_team_id: teams[1]! }).where('id', '=', semi1!).execute();
    await t.deps.db.updateTable('matches').set({ local_team_id: teams[2]!, visiting_team_id: teams[3]! }).where('id', '=', semi2!).execute();
    const texts = async () => {
      await deliverDueWebhooks(t.deps);
      // Each text's first line (a result's second lists the top places).
      const sent = receiver.received.map((r) => (r.body.text as string).split('\n')[0]);
      receiver.received.length = 0;
      return sent;
    };
    await t.deps.db.updateTable('users').set({ locale: 'es' }).where('id', '=', w.owner.id).execute();
    await enterResult(t, w.admin, semi1!, 2, 1);
    expect(await texts()).toEqual([expect.stringMatching(/^Office Porra: .* 2-1 .* \(Semifinales\)$/)]);
    await t.deps.db.updateTable('users').set({ locale: 'en' }).where('id', '=', w.owner.id).execute();
    // The second semi-final completes matchday 4: its winners are those of the semi-finals.
    await enterResult(t, w.admin, semi2!, 0, 3);
    expect(await texts()).toEqual([
      expect.stringMatching(/^Office Porra: .* 0-3 .* \(Semi-finals\)$/),
      'Office Porra, Semi-finals: all matches played and nobody scored',
    ]);
    await enterResult(t, w.admin, w.cup.groupMatchIds[0]!, 1, 1);
    expect(await texts()).toEqual([expect.stringMatching(/^Office Porra: .* 1-1 .* \(Matchday 1\)$/)]);
  });

  it('retries with exponential backoff, in order per hook, until the receiver comes back', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    await jsonHook(t, w);
    receiver.answer(503);
    const start = t.clock.now();
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n: 1 } }, start);
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n: 2 } }, start);
    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 0, retrying: 1, failed: 0, switched_off: 0 });
    // The second event waits behind the first: never sent while an earlier one of its hook is pending.
    expect(await deliveries(t)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, last_status: 503, next_attempt_at: start + FIRST_RETRY_MS }),
      expect.objectContaining({ status: 'pending', attempts: 0 }),
    ]);
    t.clock.advance(FIRST_RETRY_MS - SECOND);
    expect((await deliverDueWebhooks(t.deps)).retrying).toBe(0);
    t.clock.advance(SECOND);
    expect((await deliverDueWebhooks(t.deps)).retrying).toBe(1);
    expect((await deliveries(t))[0]).toMatchObject({ attempts: 2, next_attempt_at: t.clock.now() + 2 * FIRST_RETRY_MS });
    expect([retryDelay(1), retryDelay(2), retryDelay(3), retryDelay(20)]).toEqual([30 * SECOND, 60 * SECOND, 120 * SECOND, HOUR]);
    receiver.answer(200);
    t.clock.advance(2 * FIRST_RETRY_MS);
    expect((await deliverDueWebhooks(t.deps)).delivered).toBe(2);
    expect(receiver.received.map((r) => r.body.data.n)).toEqual([1, 2]);
    expect((await deliveries(t)).map((d) => [d.status, d.attempts])).toEqual([['delivered', 3], ['delivered', 1]]);
  });

  it('survives a restart: a new app on the same database sends what was pending, also a row a stopped process had claimed', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const { secret } = await jsonHook(t, w);
    await enterResult(t, w.admin, w.cup.groupMatchIds[0]!, 3, 0);
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n: 2 } }, t.clock.now());
    // The first process claimed the first row and stopped before sending it.
    const [first] = await deliveries(t);
    await t.deps.db.updateTable('webhook_deliveries').set({ locked_until: t.clock.now() + 60 * SECOND }).where('id', '=', first!.id).execute();
    await t.app.close();
    const mailer = new CapturingMailer();
    const second = await buildApp({ config: testConfig({ webhookAllowedHosts: ['127.0.0.1'] }), database: t.database, clock: t.clock, mailer, logger: false });
    try {
      expect((await deliverDueWebhooks(second.deps)).delivered).toBe(0);
      t.clock.advance(60 * SECOND);
      expect((await deliverDueWebhooks(second.deps)).delivered).toBe(2);
      expect(receiver.received.map((r) => r.body.event)).toEqual(['result', 'result']);
      expect(receiver.received[0]!.body.data.match.home_goals).toBe(3);
      for (const r of receiver.received) expect(r.headers['x-porra-signature']).toBe(hmac(secret, r.raw));
    } finally {
      await second.app.close();
    }
  });

  it('gives up 24 hours after the event, switches off a hook failing for 24 hours and tells its owner; a test switches it on', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const { webhook } = await jsonHook(t, w);
    receiver.answer(500);
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n: 1 } }, t.clock.now());
    const start = t.clock.now();
    let rounds = 0;
    while (t.clock.now() < start + GIVE_UP_AFTER_MS + HOUR && rounds < 100) {
      await deliverDueWebhooks(t.deps);
      const [row] = await deliveries(t);
      if (row!.status !== 'pending') break;
      t.clock.set(row!.next_attempt_at);
      rounds += 1;
    }
    const [row] = await deliveries(t);
    expect(row).toMatchObject({ status: 'failed', last_status: 500 });
    expect(rounds).toBeGreaterThan(20);
    expect(t.clock.now()).toBeLessThanOrEqual(start + GIVE_UP_AFTER_MS);
    const hook = await t.deps.db.selectFrom('league_webhooks').selectAll().where('id', '=', webhook.id).executeTakeFirstOrThrow();
    expect(hook.failing_since).toBe(start);
    expect(hook.disabled_at).toBeNull();

    // A later event fails once more, a day after the hook began to fail: it is switched off, and its owner told once.
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n: 2 } }, t.clock.now());
    t.clock.set(start + GIVE_UP_AFTER_MS);
    expect(await deliverDueWebhooks(t.deps)).toMatchObject({ switched_off: 1 });
    const [owner, member] = [await signInAgain(t, w.owner), await signInAgain(t, w.member)];
    const list = await listHooks(t, owner, w.league.id);
    expect(list.data[0].disabled_at).toBe(new Date(start + GIVE_UP_AFTER_MS).toISOString());
    expect(list.data[0].deliveries.map((d: { status: string }) => d.status)).toEqual(['failed', 'failed']);
    const mails = t.mailer.sent.filter((m) => m.subject.includes('webhook'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: w.owner.email, subject: 'Porra: a webhook of Office Porra was switched off' });
    // A switched-off hook takes no events.
    expect(await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: {} }, t.clock.now())).toBe(0);

    receiver.answer(200);
    const test = await call(t.app, { method: 'POST', url: api(`/leagues/webhooks/test/${w.league.id}/${webhook.id}`), token: owner.token });
    expect([test.statusCode, test.data.message]).toEqual([200, 'Test message on its way: its delivery shows below in a few seconds']);
    expect((await call(t.app, { method: 'POST', url: api(`/leagues/webhooks/test/${w.league.id}/${webhook.id}`), token: member.token })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url: api(`/leagues/webhooks/test/${w.league.id}/999999`), token: owner.token })).statusCode).toBe(404);
    expect((await deliverDueWebhooks(t.deps)).delivered).toBe(1);
    expect(receiver.received.map((r) => r.body.event)).toEqual(['test']);
    const after = await listHooks(t, owner, w.league.id);
    expect(after.data[0]).toMatchObject({ disabled_at: null, failing_since: null });
  });

  it('checks the host again at each delivery: a host no longer allowed is refused and retried', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    await jsonHook(t, w);
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: {} }, t.clock.now());
    t.deps.config.webhookAllowedHosts.length = 0;
    try {
      expect((await deliverDueWebhooks(t.deps)).retrying).toBe(1);
    } finally {
      t.deps.config.webhookAllowedHosts.push('127.0.0.1');
    }
    expect(receiver.received).toEqual([]);
    const [hook] = (await listHooks(t, w.owner, w.league.id)).data;
    expect(hook.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1, last_status: null, last_error: 'address refused: not a public address the server can reach' });
  });

  it('with two server processes sending at once, each event is sent once (claims skip rows another holds)', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    for (let i = 0; i < 4; i++) await jsonHook(t, w, `/hook-${i}`);
    for (let n = 0; n < 3; n++) await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n } }, t.clock.now());
    const other = await buildApp({ config: testConfig({ webhookAllowedHosts: ['127.0.0.1'] }), database: t.database, clock: t.clock, mailer: new CapturingMailer(), logger: false });
    try {
      const counts = await Promise.all([deliverDueWebhooks(t.deps), deliverDueWebhooks(other.deps)]);
      expect(counts[0].delivered + counts[1].delivered).toBe(12);
    } finally {
      await other.app.close();
    }
    const byHook = (path: string) => receiver.received.filter((r) => r.path === path).map((r) => r.body.data.n);
    for (let i = 0; i < 4; i++) expect(byHook(`/hook-${i}`)).toEqual([0, 1, 2]);
    expect(new Set(receiver.received.map((r) => r.body.id)).size).toBe(12);
  });

  it('follows at most 3 redirects, and shows the failure with the host, never the URL (it holds the credential)', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    await jsonHook(t, w, '/secret-token-path');
    let hits = 0;
    receiver.answer(() => { hits += 1; return 307; });
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: {} }, t.clock.now());
    expect((await deliverDueWebhooks(t.deps)).retrying).toBe(1);
    expect(hits).toBe(4);
    const [hook] = (await listHooks(t, w.owner, w.league.id)).data;
    expect(hook.deliveries[0].last_error).toBe(`${new URL(receiver.base).host} redirects more than 3 times`);
    // Once the receiver answers again, the retry delivers it.
    receiver.answer(200);
    t.clock.advance(FIRST_RETRY_MS);
    expect((await deliverDueWebhooks(t.deps)).delivered).toBe(1);
  });

  it("tells the chat of a pinned post, only once the pin has committed, with its author and text", async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    expect((await addHook(t, w.owner, { league_id: w.league.id, url: `${receiver.base}/slack`, kind: 'slack', events: ['pinned_post'] })).statusCode).toBe(200);
    const posted = await call(t.app, {
      method: 'POST', url: '/api/v1/en/leagues/posts', token: w.member.token, payload: { league_id: w.league.id, text: 'Pizza after the final?' },
    });
    expect(posted.statusCode).toBe(200);
    const postId = posted.json().post.id;
    // A member cannot pin: nothing is queued.
    expect((await call(t.app, { method: 'POST', url: `/api/v1/en/leagues/posts/pin/${postId}`, token: w.member.token })).statusCode).toBe(403);
    expect(await deliveries(t)).toEqual([]);
    expect((await call(t.app, { method: 'POST', url: `/api/v1/en/leagues/posts/pin/${postId}`, token: w.owner.token })).statusCode).toBe(200);
    expect((await deliverDueWebhooks(t.deps)).delivered).toBe(1);
    expect(receiver.received.map((r) => r.body.text)).toEqual(['Office Porra: post by Mario Member pinned: Pizza after the final?']);
  });
}, { config: { webhookAllowedHosts: ['127.0.0.1'] } });
