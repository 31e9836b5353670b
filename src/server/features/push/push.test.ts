import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { startFakePushService, type FakePushService } from '../../platform/push/testing/fakePushService';
import { reminderWorld } from '../../platform/push/testing/reminderWorld';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

// The local push service listens on 127.0.0.1, which only tests allow.
const localPush = { config: { pushAllowedHosts: ['127.0.0.1'] } };

let service: FakePushService;
beforeAll(async () => { service = await startFakePushService(); });
afterAll(async () => { await service.close(); });

describeEachDb('Web Push subscriptions', (ctx) => {
  it('serves one VAPID public key, generated once and kept', async () => {
    const first = await call(ctx().app, { method: 'GET', url: '/api/v1/en/push/public_key' });
    expect(first.statusCode).toBe(200);
    const key = Buffer.from(first.data.public_key, 'base64url');
    expect(key).toHaveLength(65);
    const second = await call(ctx().app, { method: 'GET', url: '/api/v1/es/push/public_key' });
    expect(second.data.public_key).toBe(first.data.public_key);
    const stored = await ctx().deps.db.selectFrom('settings').select('value').where('key', '=', 'vapid_keys').executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(first.data.public_key);
  });

  it('subscribes several devices per user, upserts by endpoint, and unsubscribes one', async () => {
    const t = ctx();
    const user = await createUserWithToken(t.deps);
    const other = await createUserWithToken(t.deps);
    const phone = service.device();
    const laptop = service.device();
    const url = '/api/v1/en/subscribe';
    expect((await call(t.app, { method: 'POST', url, payload: { subscription: phone.subscription } })).statusCode).toBe(401);
    const res = await call(t.app, { method: 'POST', url, token: user.token, payload: { subscription: phone.subscription } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Notifications enabled' });
    await call(t.app, { method: 'POST', url, token: user.token, payload: { subscription: phone.subscription } });
    await call(t.app, { method: 'POST', url, token: user.token, payload: { subscription: laptop.subscription } });
    const rows = () => t.deps.db.selectFrom('push_subscriptions').select(['user_id', 'endpoint']).orderBy('id').execute();
    expect(await rows()).toEqual([
      { user_id: user.id, endpoint: phone.subscription.endpoint }, { user_id: user.id, endpoint: laptop.subscription.endpoint },
    ]);
    // The laptop signs in as someone else: the device follows its new account.
    await call(t.app, { method: 'POST', url, token: other.token, payload: { subscription: laptop.subscription } });
    expect((await rows())[1]).toEqual({ user_id: other.id, endpoint: laptop.subscription.endpoint });

    const off = await call(t.app, { method: 'POST', url: '/api/v1/es/unsubscribe', token: user.token, payload: { subscription: phone.subscription } });
    expect(off.data).toEqual({ message: 'Notificaciones desactivadas' });
    expect(await rows()).toEqual([{ user_id: other.id, endpoint: laptop.subscription.endpoint }]);
  });

  it('refuses malformed subscriptions with a 400', async () => {
    const t = ctx();
    const user = await createUserWithToken(t.deps);
    const { subscription } = service.device();
    const bad = [
      {},
      { subscription: { ...subscription, endpoint: 'http://push.example/abc' } },
      { subscription: { ...subscription, endpoint: 'not a url' } },
      { subscription: { ...subscription, keys: { p256dh: subscription.keys.p256dh } } },
      { subscription: { ...subscription, keys: { ...subscription.keys, auth: 'has spaces' } } },
      { subscription: { ...subscription, extra: 1 } },
    ];
    for (const payload of bad) {
      const res = await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: user.token, payload });
      expect([res.statusCode, payload]).toEqual([400, payload]);
    }
    expect(await t.deps.db.selectFrom('push_subscriptions').selectAll().execute()).toEqual([]);
  });
}, localPush);

describeEachDb('notify: reminders for bets closing within 24 hours', (ctx) => {
  beforeEach(() => { service.received.length = 0; service.rejected.length = 0; ctx().deps.pushAgent = service.agent; });

  it('pushes only to members with bets pending, encrypted and VAPID-signed, in their language; removes subscriptions that are gone', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const subscribe = async (token: string, answer?: 201 | 404 | 410) => {
      const device = service.device(answer);
      await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token, payload: { subscription: device.subscription } });
      return device;
    };
    const anaPhone = await subscribe(world.ana.token);
    const anaOldPhone = await subscribe(world.ana.token, 410);
    const anaLostTablet = await subscribe(world.ana.token, 404);
    await subscribe(world.bob.token);
    const carlaLaptop = await subscribe(world.carla.token);
    await subscribe(world.dan.token);
    const publicKey = (await call(t.app, { method: 'GET', url: '/api/v1/en/push/public_key' })).data.public_key;

    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Process notify finished', process: 'notify', notified: 2 });
    expect(service.rejected).toEqual([]);
    const byId = (device: { subscription: { endpoint: string } }) => service.received.filter((p) => device.subscription.endpoint.endsWith(p.id));
    expect(service.received).toHaveLength(2);
    const [anaPush] = byId(anaPhone);
    expect(anaPush).toMatchObject({ vapidKey: publicKey, contentEncoding: 'aes128gcm', claims: { sub: t.deps.config.vapidSubject } });
    expect(anaPush.payload).toEqual({
      title: 'Apuestas a punto de cerrar',
      body: '4 partidos de Oficina cierran en menos de 24 horas: haz tus apuestas',
      url: `/result_bets/new?league_id=${world.leagueId}&matchday=1`,
    });
    expect(byId(carlaLaptop)[0].payload).toMatchObject({ title: 'Bets closing soon', body: '3 matches of Oficina close within 24 hours: place your bets' });

    const endpoints = (await t.deps.db.selectFrom('push_subscriptions').select('endpoint').execute()).map((r) => r.endpoint);
    expect(endpoints).toHaveLength(4);
    expect(endpoints).not.toContain(anaOldPhone.subscription.endpoint);
    expect(endpoints).not.toContain(anaLostTablet.subscription.endpoint);
    // Both opted in by email too (the test mailer captures them).
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual([world.ana.email, world.carla.email].sort());
  });

  it('reminds nobody when nothing closes within 24 hours, and stops once the deadline has passed', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const device = service.device();
    await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token: world.ana.token, payload: { subscription: device.subscription } });
    t.clock.advance(-20 * 3_600_000); // 30 hours before the first kickoff
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    let res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    expect(res.data.notified).toBe(0);
    t.clock.advance(134 * 3_600_000); // every match, the final too, has kicked off
    const late = await createUserWithToken(t.deps, { is_admin: true });
    res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: late.token });
    expect(res.data.notified).toBe(0);
    expect(service.received).toEqual([]);
  });
}, localPush);
