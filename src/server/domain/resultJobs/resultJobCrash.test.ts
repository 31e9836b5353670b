import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { systemClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../testing/harness';
import { applyResults } from './applyResults';
import { runResultJobs } from './resultJobWorker';
import { finishMatchday, recomputedStandings, resultJobWorld, storedStandings } from './testing/resultJobWorld';

// Real processes (tsx) and a job of many batches on a shared 2-core machine.
jest.setTimeout(180_000);

const WORKER_SCRIPT = join(__dirname, 'testing', 'resultJobWorkerProcess.ts');
const LEASE_MS = 4000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startWorker(env: Record<string, string>): ChildProcess {
  // tsx as a loader, not its CLI: the CLI would run the script in a grandchild, out of reach of kill().
  return spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
    env: { ...process.env, ...env, LEASE_MS: String(LEASE_MS) }, stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => { child.once('exit', () => resolve()); child.kill('SIGKILL'); });
}

const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;

describe('a result job across a crash', () => {
  let t: TestApp | undefined;
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child) await kill(child);
    await t?.close();
  });

  onPostgres('a worker killed with SIGKILL mid-job: another resumes after its lease, and every league equals a full recompute (skipped without TEST_DATABASE_URL)', async () => {
    t = await createTestApp('postgres');
    const { db } = t.deps;
    const w = await resultJobWorld(db, { leagues: 40, members: 150, start: t.clock.now() - 86_400_000 });
    const jobId = await db.transaction().execute(async (trx) => {
      await finishMatchday(trx, w, 1);
      return (await applyResults(trx, { competitionId: w.cup.competitionId, matchIds: w.matchday, trigger: 'scheduled', now: t!.clock.now() }))!;
    });
    const job = () => db.selectFrom('result_jobs').select(['status', 'leagues_done', 'cursor_league_id', 'lease_owner'])
      .where('id', '=', jobId).executeTakeFirstOrThrow();

    const schema = (await db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    child = startWorker({ DATABASE_URL: url.toString() });
    const deadline = Date.now() + 120_000;
    while ((await job()).leagues_done < 3) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('the worker never got under way');
      await sleep(10);
    }
    await kill(child);
    const left = await job();
    expect(left.status).toBe('running');
    expect(left.lease_owner).not.toBeNull();
    expect(left.cursor_league_id).toBeGreaterThan(0);
    expect(left.leagues_done).toBeLessThan(w.leagueIds.length);

    // Another worker (this process, on the real clock the lease was taken with) takes over once the lease ran out.
    const worker = { ...t.deps, clock: systemClock };
    expect(await runResultJobs(worker)).toBe(0);
    await sleep(LEASE_MS + 100);
    expect(await runResultJobs(worker)).toBe(1);
    expect(await job()).toMatchObject({ status: 'done', leagues_done: w.leagueIds.length, lease_owner: null });

    const stored = await storedStandings(db, w.leagueIds);
    expect(stored.matchdays.length).toBeGreaterThan(0);
    expect(stored).toEqual(await recomputedStandings(db, w));
  });
});
