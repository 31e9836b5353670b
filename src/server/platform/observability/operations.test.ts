import type { AddressInfo } from 'node:net';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, createTestApp, describeEachDb, DB_KINDS, type TestApp } from '../../testing/harness';
import { createLeague } from '../../features/resultBets/testing/betsTestFixture';
import { loadConfig } from '../config';
import { listenForMetrics } from './metricsServer';
import { metricsText, sample } from './testing/metricsTestKit';

/** A member with the bets of the first matchday, all still open. */
async function playerWithOpenBets(t: TestApp) {
  const cup = await createCup(t.deps.db, { start: t.clock.now() + 3 * 3_600_000 });
  const player = await createUserWithToken(t.deps);
  const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: player.id });
  const bets = await call(t.app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}`, token: player.token });
  return { player, betIds: (bets.data as { id: number }[]).map((b) => b.id) };
}

describeEachDb('health probes', (ctx) => {
  it('/livez answers while the process runs; /readyz once the database answers and is migrated', async () => {
    const live = await call(ctx().app, { method: 'GET', url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.data).toEqual({ status: 'ok' });
    const ready = await call(ctx().app, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.data).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 once shutting down, in the caller\'s language, while /livez stays up', async () => {
    ctx().lifecycle.shuttingDown = true;
    const es = await call(ctx().app, { method: 'GET', url: '/readyz', headers: { 'accept-language': 'es-ES' } });
    expect(es.statusCode).toBe(503);
    expect(es.data).toEqual({ status: 'unavailable', error: 'El servidor se está reiniciando. Vuelve a intentarlo en unos segundos' });
    const en = await call(ctx().app, { method: 'GET', url: '/readyz' });
    expect(en.data.error).toBe('The server is restarting. Please try again in a few seconds');
    expect((await call(ctx().app, { method: 'GET', url: '/livez' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 when a migration this code knows has not run', async () => {
    // As if the database were one version behind this code (another process not upgraded yet, a restore).
    await ctx().deps.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', (await lastMigration(ctx())) as never).execute();
    const res = await call(ctx().app, { method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.data.error).toBe('The database has not been updated to this version yet');
  });

  it('/readyz answers 503 when the database can not be reached', async () => {
    await ctx().deps.db.destroy();
    const res = await call(ctx().app, { method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.data.error).toBe('The database can not be reached');
  });

  it('probes and metrics stay out of the OpenAPI document', async () => {
    const doc = await call(ctx().app, { method: 'GET', url: '/api/v1/openapi.json' });
    expect(Object.keys(doc.data.paths).filter((path) => ['/livez', '/readyz', '/metrics'].includes(path))).toEqual([]);
  });
});

async function lastMigration(t: TestApp): Promise<string> {
  const rows = await t.deps.db.selectFrom('kysely_migration' as never).select('name' as never).execute() as { name: string }[];
  return rows.map((r) => r.name).sort().at(-1)!;
}

describeEachDb('metrics', (ctx) => {
  it('count request durations by route pattern and status, never by raw URL', async () => {
    await call(ctx().app, { method: 'GET', url: '/api/v1/en/competition/index' });
    await call(ctx().app, { method: 'GET', url: '/api/v1/es/leagues/12345' });
    await call(ctx().app, { method: 'GET', url: '/api/v1/en/no/such/call' });
    const text = await metricsText(ctx());
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/:locale/competition/index",status_code="200"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/:locale/leagues/:id",status_code="401"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBe(1);
    expect(text).not.toContain('12345');
  });

  it('report the database pool, the event loop and the process', async () => {
    const text = await metricsText(ctx());
    expect(sample(text, 'porra_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'porra_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'porra_db_pool_waiting_queries')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('count bets saved by their owners, not simulations nor refused saves', async () => {
    const { player, betIds } = await playerWithOpenBets(ctx());
    const save = (id: number, goals: number, mode?: number) => call(ctx().app, {
      method: 'POST', url: '/api/v1/en/result_bets/update_result_bet', token: player.token,
      payload: { result_bet_id: id, local_goals: goals, visiting_goals: 0, ...(mode !== undefined && { mode }) },
    });
    expect((await save(betIds[0], 1)).statusCode).toBe(200);
    expect((await save(betIds[1], 2)).statusCode).toBe(200);
    expect((await save(betIds[0], 3, 1)).statusCode).toBe(200);
    expect((await save(999_999, 1)).statusCode).toBe(404);
    expect(sample(await metricsText(ctx()), 'porra_bets_saved_total')).toBe(2);
  });

  it('each app counts its own requests: tests and processes never share series', async () => {
    const other = await createTestApp(ctx().kind);
    try {
      await call(other.app, { method: 'GET', url: '/api/v1/en/competition/index' });
      await call(other.app, { method: 'GET', url: '/api/v1/en/competition/index' });
      await call(ctx().app, { method: 'GET', url: '/api/v1/en/competition/index' });
      const series = 'http_request_duration_seconds_count{method="GET",route="/api/v1/:locale/competition/index",status_code="200"}';
      expect(sample(await metricsText(other), series)).toBe(2);
      expect(sample(await metricsText(ctx()), series)).toBe(1);
    } finally {
      await other.close();
    }
  });
});

describe.each(DB_KINDS)('metrics behind METRICS_TOKEN [%s]', (kind) => {
  const token = 'a-long-metrics-token-0123456789';
  let t: TestApp;
  beforeEach(async () => { t = await createTestApp(kind, { config: { metricsToken: token } }); });
  afterEach(async () => { await t.close(); });

  it('answer 401 without the bearer token or with a wrong one, translated, and 200 with it', async () => {
    const none = await call(t.app, { method: 'GET', url: '/metrics', headers: { 'accept-language': 'es' } });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.data).toEqual({ error: 'Las métricas necesitan un token válido' });
    for (const wrong of [`${token}x`, token.slice(0, -1), 'x']) {
      const res = await call(t.app, { method: 'GET', url: '/metrics', token: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.data).toEqual({ error: 'The metrics need a valid token' });
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    expect(await metricsText(t, token)).toContain('http_request_duration_seconds');
  });

  it('leave the probes open', async () => {
    expect((await call(t.app, { method: 'GET', url: '/livez' })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.each(DB_KINDS)('metrics in production [%s]', (kind) => {
  it('are not served on the app\'s port without METRICS_TOKEN; METRICS_PORT serves them on a local listener', async () => {
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production).toMatchObject({ metricsOpenTo: 'nobody', metricsPort: null, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsOpenTo: 'nobody', metricsPort: 9464 });
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow(/METRICS_PORT must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT must be an integer/);

    const t = await createTestApp(kind, { config: { metricsOpenTo: production.metricsOpenTo } });
    const listener = await listenForMetrics(t.deps.metrics, '127.0.0.1', 0);
    try {
      const open = await call(t.app, { method: 'GET', url: '/metrics', headers: { 'accept-language': 'es' } });
      expect(open.statusCode).toBe(404);
      expect(open.body).not.toContain('http_request_duration_seconds');
      const { port } = listener.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/livez`)).status).toBe(404);
    } finally {
      await listener.close();
      await t.close();
    }
  });
});

describe.each(DB_KINDS)('metrics without a token, as npm start runs them [%s]', (kind) => {
  const metricsFrom = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answer callers on this machine only: another address, or a request a local proxy forwards, finds nothing', async () => {
    // No NODE_ENV, no METRICS_PORT, no METRICS_TOKEN: what `npm start` gives.
    const config = loadConfig({});
    expect(config.metricsOpenTo).toBe('loopback');
    const t = await createTestApp(kind, { config: { metricsOpenTo: config.metricsOpenTo } });
    try {
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await metricsFrom(t, local)).statusCode).toBe(200);
      for (const remote of ['203.0.113.7', '10.0.0.5', '::ffff:192.168.1.9']) {
        const res = await metricsFrom(t, remote);
        expect([remote, res.statusCode, res.body.includes('http_request_duration')]).toEqual([remote, 404, false]);
      }
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via']) {
        expect([header, (await metricsFrom(t, '127.0.0.1', { [header]: '203.0.113.7' })).statusCode]).toEqual([header, 404]);
      }
    } finally {
      await t.close();
    }
  });

  it('answer anyone with METRICS_OPEN=anyone, and nobody with METRICS_OPEN=nobody; anything else stops the server', async () => {
    expect(loadConfig({ METRICS_OPEN: 'anyone', NODE_ENV: 'production' }).metricsOpenTo).toBe('anyone');
    expect(loadConfig({ METRICS_OPEN: 'nobody' }).metricsOpenTo).toBe('nobody');
    expect(() => loadConfig({ METRICS_OPEN: 'everyone' })).toThrow(/METRICS_OPEN must be loopback, anyone or nobody/);
    const t = await createTestApp(kind, { config: { metricsOpenTo: 'anyone' } });
    try {
      expect((await metricsFrom(t, '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    const closed = await createTestApp(kind, { config: { metricsOpenTo: 'nobody' } });
    try {
      expect((await metricsFrom(closed, '127.0.0.1')).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});
