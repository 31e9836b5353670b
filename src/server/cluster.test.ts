import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './platform/config';
import type { DatabaseHandle } from './platform/db/database';
import { openTestDatabase } from './testing/harness';
import { childPids, until } from './testing/processWatch';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

// Real server processes (compiled once per file) on a shared 2-core machine.
jest.setTimeout(120_000);

/** /readyz's status, 0 when it does not answer within 5 s (a probe never waits forever on a busy machine). */
const readyStatus = (origin: string) => fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) })
  .then((res) => res.status, () => 0);

const isAlive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

/** Whether the process runs the result runner (resultRunner.js) rather than a server. */
const isRunner = (pid: number) => { try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('resultRunner'); } catch { return false; } };
const workerPids = (pid: number) => childPids(pid).filter((child) => !isRunner(child));
const runnerPids = (pid: number) => childPids(pid).filter(isRunner);

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process, up to 64', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY must be an integer between 1 and 64/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'auto' })).toThrow(/WEB_CONCURRENCY/);
  });

  describe('over PostgreSQL', () => {
    let database: DatabaseHandle | undefined;
    let server: ServerProcess | undefined;
    afterEach(async () => {
      await server?.terminate(5000);
      await database?.close();
    });

    (process.env.TEST_DATABASE_URL ? it : it.skip)('runs N workers on one port, replaces one that dies, and stops them all on SIGTERM (skipped without TEST_DATABASE_URL)', async () => {
      // An empty schema: the three workers migrate it at the same time.
      database = await openTestDatabase('postgres');
      const schema = (await database.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('options', `-c search_path=${schema}`);
      server = await startServerProcess({ DATABASE_URL: url.toString(), WEB_CONCURRENCY: '3', LOG_LEVEL: 'info' }, 90_000);
      const primary = server.child.pid!;

      const workers = await until('three workers', () => workerPids(primary), (pids) => pids.length === 3);
      // One result runner serves them all, beside them.
      const [runner] = await until('the result runner', () => runnerPids(primary), (pids) => pids.length === 1);
      // Every worker serves: wait until each has logged that it listens.
      await until('every worker listening', () => server!.output.join('').match(/Server listening/g)?.length ?? 0, (n) => n >= 3);
      expect(server.output.join('')).toMatch(/"msg":"starting 3 workers"/);

      // One worker dies; the others go on answering and the supervisor starts a replacement.
      process.kill(workers[0], 'SIGKILL');
      await until('ready after the death', () => readyStatus(server!.origin), (status) => status === 200);
      const replaced = await until('a replacement worker', () => workerPids(primary), (pids) => pids.length === 3 && !pids.includes(workers[0]));
      expect(server.output.join('')).toMatch(/"msg":"worker died; starting another"/);
      await until('the replacement listening', () => server!.output.join('').match(/Server listening/g)?.length ?? 0, (n) => n >= 4);
      await until('ready with the replacement', () => readyStatus(server!.origin), (status) => status === 200);

      // SIGTERM reaches every worker; each shuts down gracefully and the supervisor exits 0 after them.
      expect(await server.terminate(30_000)).toBe(0);
      expect([...replaced, runner].filter(isAlive)).toEqual([]);
      expect(server.output.join('')).toMatch(/"msg":"all workers stopped"/);
      const migrations = await database.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
      expect(migrations.length).toBeGreaterThan(1);
    });
  });

  describe('over SQLite', () => {
    let dir: string;
    beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'porra-cluster-')); });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('says SQLite runs one process, and runs one', async () => {
      const server = await startServerProcess({ DATABASE_URL: `sqlite:${join(dir, 'porra.sqlite')}`, WEB_CONCURRENCY: '3' }, 60_000);
      try {
        expect(server.output.join('')).toMatch(/WEB_CONCURRENCY=3 is ignored: SQLite is one process's database, so Porra runs one process/);
        expect(workerPids(server.child.pid!)).toEqual([]);
        expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      } finally {
        expect(await server.terminate()).toBe(0);
      }
    });
  });
});
