import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrate, type DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../testing/harness';

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
    await sql`create table probe_runs (pid integer not null, claimed_at bigint not null, at bigint not null)`.execute(db);
    const schema = (await db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    children.push(...await Promise.all([0, 1, 2].map(() => startProcess(url.toString()))));
    const runs = async () => (await sql<{ pid: number; claimed_at: string; at: string }>`select pid, claimed_at, at from probe_runs order by claimed_at`
      .execute(db)).rows.map((r) => ({ pid: r.pid, claimedAt: Number(r.claimed_at), at: Number(r.at) }));

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
    // Never twice in one period: consecutive claims (whoever made them) are at least a period apart, exactly. The
    // claim times are compared, not the inserts: on a busy machine a run's work may start hundreds of ms after its
    // claim, so two inserts a period apart in claims can land much closer together.
    const gaps = all.slice(1).map((r, i) => r.claimedAt - all[i].claimedAt);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PERIOD_MS);
    expect(all.every((r) => r.at >= r.claimedAt)).toBe(true);
    // And not less often: typically a period plus a wake-up apart. The median tolerates a few late wake-ups of a
    // starved process (and the gap around the kill) but not a schedule that slips to every other period.
    const sortedGaps = [...gaps].sort((a, b) => a - b);
    expect(sortedGaps[Math.floor(sortedGaps.length / 2)]).toBeLessThan(1.5 * PERIOD_MS);
    const periods = (stoppedAt - all[0].claimedAt) / PERIOD_MS;
    expect(all.length).toBeLessThanOrEqual(Math.floor(periods) + 1);
    expect(all.length).toBeGreaterThanOrEqual(Math.floor(periods / 2));
    // The survivors carried on after the kill.
    const after = all.filter((r) => r.claimedAt > killedAt);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after.every((r) => r.pid !== dead.pid)).toBe(true);
    // The claims counted in the database match the runs (the killed process may have claimed one it never ran).
    const { runs: claimed } = await db.selectFrom('scheduled_jobs').select('runs').where('name', '=', 'probe').executeTakeFirstOrThrow();
    expect(claimed - all.length).toBeGreaterThanOrEqual(0);
    expect(claimed - all.length).toBeLessThanOrEqual(1);
  });
});
