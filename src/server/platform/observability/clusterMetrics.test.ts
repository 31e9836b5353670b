import { get } from 'node:http';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../testing/harness';
import { freePort, startServerProcess, type ServerProcess } from '../../testing/serverProcess';
import { sample } from './testing/metricsTestKit';

// Real server processes on a shared 2-core machine.
jest.setTimeout(120_000);

/** A GET on a connection of its own: the cluster hands each new connection to the next worker. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      res.on('end', () => done({ status: res.statusCode ?? 0, body }));
    }).on('error', fail);
  });
}

describe('metrics under WEB_CONCURRENCY', () => {
  let database: DatabaseHandle | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.terminate(5000);
    await database?.close();
  });

  (process.env.TEST_DATABASE_URL ? it : it.skip)('every scrape sums all the workers, whichever worker answers it (skipped without TEST_DATABASE_URL)', async () => {
    database = await openTestDatabase('postgres');
    const schema = (await database.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    // In production without METRICS_TOKEN the metrics are served on METRICS_PORT only (127.0.0.1), not the app's port.
    const metricsPort = await freePort();
    server = await startServerProcess({ DATABASE_URL: url.toString(), WEB_CONCURRENCY: '2', METRICS_PORT: String(metricsPort) });
    // Both workers up: the first /readyz may have come from one alone.
    for (let i = 0; i < 10; i++) expect(await getOnNewConnection(`${server.origin}/readyz`)).toEqual({ status: 200, body: '{"status":"ready"}' });

    for (let i = 0; i < 20; i++) expect((await getOnNewConnection(`${server.origin}/api/v1/en/competition/index`)).status).toBe(200);
    const series = 'http_request_duration_seconds_count{method="GET",route="/api/v1/:locale/competition/index",status_code="200"}';
    expect((await getOnNewConnection(`${server.origin}/metrics`)).status).toBe(404);
    for (let scrape = 0; scrape < 4; scrape++) {
      const res = await getOnNewConnection(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(sample(res.body, series)).toBe(20);
      expect(sample(res.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    }
  });
});
