import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrate, type DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../test/harness';

// Real processes (tsx) on a shared 2-core machine.
jest.setTimeout(90_000);

const PERIOD_MS = 1000;
const WAKE_MS = 50;
const PROCESS_SCRIPT = join(__dirname, 'testing', 'probeSchedulerProcess.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startProcess(databaseUrl: string): Promise<ChildProcess> {
  // tsx as a loader, not its CLI: the CLI would run the script in a grandchild, out of reach of kill().
  const child = spawn(process.execPath, ['--import', 'tsx', PROCESS_SCRIPT], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PROBE_EVERY_MS: String(PERIOD_MS), PROBE_WAKE_MS: String(WAKE_MS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve(child); });
    child.once('exit', (code) => reject(new Error(`scheduler process exited early (${code})`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => { child.once('exit', () => resolve()); child.kill(signal); });
}

const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

describe('one schedule across server processes', () => {
  let database: DatabaseHandle | undefined;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    await Promise.all(children.map((c) => stop(c, 'SIGKILL')));
    await database?.close();
  });

  onPostgres('three processes over PostgreSQL run a job once per period, and the others carry on when one dies (skipped without TEST_DATABASE_URL)', async () => {
    database = await openTestDatabase('postgres');
    await migrate(database);
    const { db } = database;
    await sql`create table probe_runs (pid integer not null, at bigint not null)`.execute(db);
    const schema = (await db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    children.push(...await Promise.all([0, 1, 2].map(() => startProcess(url.toString()))));
    const runs = async () => (await sql<{ pid: number; at: string }>`select pid, at from probe_runs order by at`.execute(db)).rows
      .map((r) => ({ pid: r.pid, at: Number(r.at) }));

    await sleep(4 * PERIOD_MS);
    // The process that ran last dies without a word; the other two keep the schedule.
    const before = await runs();
    const dead = children.find((c) => c.pid === before[before.length - 1].pid)!;
    await stop(dead, 'SIGKILL');
    const killedAt = Date.now();
    await sleep(4 * PERIOD_MS);
    await Promise.all(children.map((c) => stop(c, 'SIGTERM')));
    const stoppedAt = Date.now();

    const all = await runs();
    // Never twice in one period: consecutive runs (whoever ran them) are a period apart, give or take the time
    // between a claim and its insert.
    const gaps = all.slice(1).map((r, i) => r.at - all[i].at);
    expect(Math.min(...gaps)).toBeGreaterThan(PERIOD_MS - 200);
    // Once per period: as many runs as periods fit, minus what waking every WAKE_MS and starting up may cost.
    const periods = (stoppedAt - all[0].at) / PERIOD_MS;
    expect(all.length).toBeLessThanOrEqual(Math.floor(periods) + 1);
    expect(all.length).toBeGreaterThanOrEqual(Math.floor(periods * PERIOD_MS / (PERIOD_MS + 4 * WAKE_MS)) - 1);
    const after = all.filter((r) => r.at > killedAt);
    expect(after.length).toBeGreaterThanOrEqual(3);
    expect(after.every((r) => r.pid !== dead.pid)).toBe(true);
    // The claims counted in the database match the runs (the killed process may have claimed one it never ran).
    const { runs: claimed } = await db.selectFrom('scheduled_jobs').select('runs').where('name', '=', 'probe').executeTakeFirstOrThrow();
    expect(claimed - all.length).toBeGreaterThanOrEqual(0);
    expect(claimed - all.length).toBeLessThanOrEqual(1);
  });
});
