import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { api, createLeague, type Person } from '../leagues/testing/leagueTestKit';
import { MAX_PENDING_PER_HOOK, publishLeagueEvent } from '../../domain/leagueEvents/publishLeagueEvent';
import { deliverDueWebhooks } from './webhookDelivery';
import { webhookJobs } from './webhookJobs';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhookReceiver';
import { addHook, webhookWorld } from './testing/webhookWorld';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(60_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let receiver: WebhookReceiver;
beforeAll(async () => { receiver = await startWebhookReceiver(); });
afterAll(async () => { await receiver.close(); });
beforeEach(() => { receiver.received.length = 0; receiver.answer(200); receiver.delay(0); });

async function hookOf(t: TestApp, owner: Person, leagueId: number, path: string): Promise<number> {
  const added = await addHook(t, owner, { league_id: leagueId, url: `${receiver.base}${path}`, kind: 'json', events: ['result'] });
  expect(added.statusCode).toBe(200);
  return added.data.webhook.id as number;
}

const testHook = (t: TestApp, who: Person, leagueId: number, id: number, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'POST', url: api(`/leagues/webhooks/test/${leagueId}/${id}`, locale), token: who.token });

const pendingOf = async (t: TestApp, webhookId: number) => Number((await t.deps.db.selectFrom('webhook_deliveries')
  .select((eb) => eb.fn.countAll().as('n')).where('webhook_id', '=', webhookId).where('status', '=', 'pending').executeTakeFirstOrThrow()).n);

describeEachDb('league webhooks: the outbox is bounded and fair', (ctx) => {
  it('takes at most 5 tests per hook a quarter of an hour, and no test or event past 100 waiting for a hook', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const hook = await hookOf(t, w.owner, w.league.id, '/tested');
    for (let i = 0; i < 5; i++) expect((await testHook(t, w.owner, w.league.id, hook)).statusCode).toBe(200);
    const sixth = await testHook(t, w.owner, w.league.id, hook, 'es');
    expect([sixth.statusCode, sixth.data.error]).toEqual([429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo']);
    expect(sixth.headers['retry-after']).toBeTruthy();
    expect(await pendingOf(t, hook)).toBe(5);

    // A dead endpoint's backlog stops growing at 100; the league's other hook still takes the event.
    const other = await hookOf(t, w.owner, w.league.id, '/other');
    for (let n = 0; n < MAX_PENDING_PER_HOOK; n++) await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: { n } }, t.clock.now());
    expect([await pendingOf(t, hook), await pendingOf(t, other)]).toEqual([MAX_PENDING_PER_HOOK, MAX_PENDING_PER_HOOK]);
    await t.deps.db.deleteFrom('webhook_deliveries').where('webhook_id', '=', other).execute();
    expect(await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: {} }, t.clock.now())).toBe(1);
    expect([await pendingOf(t, hook), await pendingOf(t, other)]).toEqual([MAX_PENDING_PER_HOOK, 1]);
    t.clock.advance(HOUR);
    const full = await testHook(t, w.owner, w.league.id, hook, 'es');
    expect([full.statusCode, full.data.error]).toEqual([409,
      'Este webhook ya tiene 100 mensajes esperando a enviarse: espera a que salgan, o elimina el webhook y añádelo de nuevo']);
    expect(await pendingOf(t, hook)).toBe(MAX_PENDING_PER_HOOK);
  });

  it("a league's slow endpoints hold one sender: the other leagues' events go out meanwhile, leagues taken in turn", async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const slowLeague = w.league.id;
    for (const path of ['/slow-1', '/slow-2']) await hookOf(t, w.owner, slowLeague, path);
    const fastLeague = (await createLeague(t, w.other, { name: 'Quick', competition_id: w.cup.competitionId })).id;
    await hookOf(t, w.other, fastLeague, '/fast');
    for (let n = 0; n < 2; n++) await publishLeagueEvent(t.deps.db, { leagueId: slowLeague, kind: 'result', payload: { n } }, t.clock.now());
    // The quick league's events are newer than the slow league's.
    for (let n = 0; n < 3; n++) await publishLeagueEvent(t.deps.db, { leagueId: fastLeague, kind: 'result', payload: { n } }, t.clock.now());
    receiver.delay((path) => (path.startsWith('/slow') ? 400 : 0));

    expect(await deliverDueWebhooks(t.deps)).toEqual({ delivered: 7, retrying: 0, failed: 0, switched_off: 0 });
    const slow = receiver.received.filter((r) => r.path.startsWith('/slow')).sort((a, b) => a.arrivedAt - b.arrivedAt);
    const fast = receiver.received.filter((r) => r.path === '/fast').sort((a, b) => a.arrivedAt - b.arrivedAt);
    expect(fast.map((r) => r.body.data.n)).toEqual([0, 1, 2]);
    // All three quick ones were answered while the slow league's first was still waiting for its endpoint.
    expect(fast[2]!.answeredAt).toBeLessThan(slow[0]!.answeredAt);
    // One delivery at a time per league: each slow one starts only once the one before it was answered.
    for (let i = 1; i < slow.length; i++) expect(slow[i]!.arrivedAt).toBeGreaterThanOrEqual(slow[i - 1]!.answeredAt - 5);
  });

  it('forgets delivered rows nobody will see, gives up dead ones, keeps what is waiting and the last 10 of each hook', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const hook = await hookOf(t, w.owner, w.league.id, '/kept');
    const now = t.clock.now();
    const row = (status: 'pending' | 'delivered' | 'failed', createdAt: number, finishedAt: number | null) => ({
      webhook_id: hook, event: 'result', payload: '{}', status, next_attempt_at: createdAt, created_at: createdAt, finished_at: finishedAt,
    });
    // One finished 31 days ago, twelve delivered an hour ago, one event stuck pending for two days (its hook was
    // switched off meanwhile), one pending since a minute ago. The hook shows its newest ten rows.
    await t.deps.db.insertInto('webhook_deliveries').values([
      row('delivered', now - 40 * DAY, now - 31 * DAY), ...Array.from({ length: 12 }, (_, i) => row('delivered', now - HOUR, now - HOUR + i)),
      row('pending', now - 2 * DAY, null), row('pending', now - 60_000, null),
    ]).execute();
    await t.deps.db.updateTable('league_webhooks').set({ disabled_at: now - DAY }).where('id', '=', hook).execute();
    const [job] = webhookJobs(t.deps, 10_000);
    // The old one and the four delivered ones no longer among the newest ten.
    expect(await job!.work({ claimedAt: now })).toMatchObject({ given_up: 1, pruned: 5 });
    const left = await t.deps.db.selectFrom('webhook_deliveries').select(['status', 'created_at', 'last_error']).where('webhook_id', '=', hook).orderBy('id').execute();
    expect(left.map((r) => r.status)).toEqual([...Array(8).fill('delivered'), 'failed', 'pending']);
    expect(left[8]).toMatchObject({ created_at: now - 2 * DAY, last_error: 'given up' });
  });

  it('shows one error for a delivery to a host that is internal or not found', async () => {
    const t = ctx();
    const w = await webhookWorld(t);
    const now = t.clock.now();
    for (const url of ['https://no-such-host.invalid/hook', 'http://10.1.2.3/hook']) {
      await t.deps.db.insertInto('league_webhooks').values({
        league_id: w.league.id, kind: 'json', url, events: 'result', secret: 's', created_by: w.owner.id, created_at: now,
      }).execute();
    }
    await publishLeagueEvent(t.deps.db, { leagueId: w.league.id, kind: 'result', payload: {} }, now);
    expect((await deliverDueWebhooks(t.deps)).retrying).toBe(2);
    const errors = await t.deps.db.selectFrom('webhook_deliveries').select('last_error').execute();
    expect(errors).toEqual([
      { last_error: 'address refused: not a public address the server can reach' }, { last_error: 'address refused: not a public address the server can reach' },
    ]);
  });
}, { config: { webhookAllowedHosts: ['127.0.0.1'] } });
