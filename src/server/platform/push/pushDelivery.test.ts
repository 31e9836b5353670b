import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { createScheduler } from '../../scheduledJobs';
import { startFakePushService, type DeviceAnswer, type FakePushService } from './testing/fakePushService';
import { reminderWorld } from './testing/reminderWorld';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

let service: FakePushService;
beforeAll(async () => { service = await startFakePushService(); });
afterAll(async () => { await service.close(); });

async function until(condition: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function subscribe(t: TestApp, token: string, answer?: DeviceAnswer) {
  const device = service.device(answer);
  const res = await call(t.app, { method: 'POST', url: '/api/v1/en/subscribe', token, payload: { subscription: device.subscription } });
  expect(res.statusCode).toBe(200);
  return device;
}

const storedEndpoints = async (t: TestApp) => (await t.deps.db.selectFrom('push_subscriptions').select('endpoint').execute()).map((r) => r.endpoint);

describeEachDb('push delivery never waits on a dead push service', (ctx) => {
  beforeEach(() => {
    service.received.length = 0;
    ctx().deps.pushAgent = service.agent;
  });

  it('abandons an endpoint that never answers after PUSH_TIMEOUT_MS, keeps it subscribed, and still reaches the others', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const dead = await subscribe(t, world.ana.token, 'never');
    await subscribe(t, world.ana.token);
    await subscribe(t, world.carla.token);
    const warn = jest.spyOn(t.deps.log, 'warn');
    const started = Date.now();
    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(res.data).toMatchObject({ notified: 2 });
    expect(service.received).toHaveLength(2);
    expect(await storedEndpoints(t)).toContain(dead.subscription.endpoint);
    // The failure is logged by the push service's host: a device's endpoint is never written to the log.
    const failure = warn.mock.calls.find((args) => args.includes('push delivery failed'));
    expect(failure?.[0]).toMatchObject({ pushHost: new URL(dead.subscription.endpoint).host });
    expect(JSON.stringify(warn.mock.calls)).not.toContain(new URL(dead.subscription.endpoint).pathname);
  });

  it('never calls, and removes, a stored subscription whose host is not on the allow-list', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    // A row from before the allow-list: same local service, named by a host the list does not hold.
    const device = service.device();
    const endpoint = device.subscription.endpoint.replace('https://127.0.0.1:', 'https://localhost:');
    await t.deps.db.insertInto('push_subscriptions').values({ user_id: world.ana.id, endpoint, ...device.subscription.keys, created_at: t.clock.now() }).execute();
    const hits = service.received.length + service.rejected.length;
    const warn = jest.spyOn(t.deps.log, 'warn');
    await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token });
    expect(service.received.length + service.rejected.length).toBe(hits);
    expect(await storedEndpoints(t)).toEqual([]);
    expect(JSON.stringify(warn.mock.calls)).not.toContain(new URL(endpoint).pathname);
  });

  it('the scheduler goes on with its other jobs while reminders wait on a dead endpoint', async () => {
    const t = ctx();
    t.deps.config.pushTimeoutMs = 5000;
    const world = await reminderWorld(t);
    await subscribe(t, world.ana.token, 'never');
    const info = jest.spyOn(t.deps.log, 'info');
    const finished = (name: string) => info.mock.calls.filter(([fields]) => (fields as { process?: string }).process === name).length;
    const scheduler = createScheduler(t.deps, { updateEveryMinutes: 1, notifyEveryMinutes: 60, wakeEveryMs: 3_600_000 });
    try {
      const first = scheduler.tick();
      await until(() => service.hanging === 1);
      // A minute later `update` is due again; `notify` is still waiting for the push service.
      t.clock.advance(61_000);
      const started = Date.now();
      await scheduler.tick();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(finished('update')).toBe(2);
      expect(finished('notify')).toBe(0);
      await first;
      expect(finished('notify')).toBe(1);
    } finally {
      await scheduler.stop();
    }
  });
}, { config: { pushAllowedHosts: ['127.0.0.1'], pushTimeoutMs: 500 } });
