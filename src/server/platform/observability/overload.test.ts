import type { OverloadLimits } from '../config';
import { call, createTestApp, type TestApp } from '../../testing/harness';

// Load shedding does not depend on the database: SQLite only.
const NO_LIMITS: OverloadLimits = {
  maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0, maxHeapUsedMb: 0, maxRssMb: 0, retryAfterSeconds: 7, sampleIntervalMs: 10,
};

const overloadedApp = (limits: Partial<OverloadLimits>) => createTestApp('sqlite', { config: { overload: { ...NO_LIMITS, ...limits } } });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls until `check` holds (under-pressure samples on a timer); false after `ms`. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(5);
  }
  return false;
}

describe('overload', () => {
  let t: TestApp | null = null;
  afterEach(async () => { await t?.close(); t = null; });

  it('past a limit, new requests get 503 with Retry-After and a translated error, and nothing runs', async () => {
    // Any process uses more than 1 MB of heap: always over the limit once sampled.
    t = await overloadedApp({ maxHeapUsedMb: 1 });
    await sleep(50);
    const es = await call(t.app, { method: 'GET', url: '/api/v1/es/competition/index' });
    expect(es.statusCode).toBe(503);
    expect(es.headers['retry-after']).toBe('7');
    expect(es.data).toEqual({ error: 'El servidor está ocupado ahora mismo. Vuelve a intentarlo en unos segundos' });
    const signUp = await call(t.app, {
      method: 'POST', url: '/api/v1/en/users', payload: { name: 'Shed', email: 'shed@example.com', password: 'a long password 123' },
    });
    expect(signUp.statusCode).toBe(503);
    expect(signUp.data).toEqual({ error: 'The server is busy right now. Please try again in a few seconds' });
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'shed@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('does not take the start-up work for load: nothing is shed during the first two samples', async () => {
    t = await overloadedApp({ maxHeapUsedMb: 1, sampleIntervalMs: 1000 });
    const app = t.app as typeof t.app & { memoryUsage(): { heapUsed: number } };
    // The first sample (a second after start) already finds the heap over the limit...
    expect(await eventually(async () => app.memoryUsage().heapUsed > 0)).toBe(true);
    expect((await call(app, { method: 'GET', url: '/api/v1/en/competition/index' })).statusCode).toBe(200);
    // ...and shedding starts after the second.
    expect(await eventually(async () => (await call(app, { method: 'GET', url: '/api/v1/en/competition/index' })).statusCode === 503)).toBe(true);
  });

  it('never sheds /livez nor /metrics, so orchestrators and monitoring still see the process', async () => {
    t = await overloadedApp({ maxHeapUsedMb: 1 });
    await sleep(50);
    expect((await call(t.app, { method: 'GET', url: '/livez' })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/readyz' })).statusCode).toBe(503);
  });

  it('a blocked event loop sheds requests until it recovers', async () => {
    t = await overloadedApp({ maxEventLoopDelayMs: 100 });
    const app = t.app;
    const status = async () => (await call(app, { method: 'GET', url: '/api/v1/en/competition/index' })).statusCode;
    expect(await status()).toBe(200);
    const blockUntil = Date.now() + 600;
    while (Date.now() < blockUntil) { /* a synchronous job hogging the process */ }
    expect(await eventually(async () => (await status()) === 503)).toBe(true);
    expect(await eventually(async () => (await status()) === 200)).toBe(true);
  });

  it('is on by default with a one-second event-loop delay limit, and configurable', async () => {
    const { loadConfig, ConfigError } = await import('../config');
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 1000, maxEventLoopUtilization: 0, maxHeapUsedMb: 0, maxRssMb: 0, retryAfterSeconds: 10, sampleIntervalMs: 1000,
    });
    expect(loadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.95', OVERLOAD_MAX_HEAP_MB: '1500' }).overload)
      .toMatchObject({ maxEventLoopUtilization: 0.95, maxHeapUsedMb: 1500 });
    expect(() => loadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '1.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ OVERLOAD_RETRY_AFTER_SECONDS: '0' })).toThrow(/OVERLOAD_RETRY_AFTER_SECONDS must be an integer/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'a-long-metrics-token-0123456789' }).metricsToken).toBe('a-long-metrics-token-0123456789');
    expect(loadConfig({}).shutdownTimeoutMs).toBe(10_000);
  });
});
