import type { FastifyBaseLogger } from 'fastify';
import { ManualClock } from '../../testing/manualClock';
import { migrate, openDatabase, type DatabaseHandle } from '../db/database';
import { DB_KINDS, openTestDatabase } from '../../testing/harness';
import { scheduleJobs, type ScheduledJob, type Scheduler } from './jobScheduler';
import { ProcessBusyError } from '../locks/processBusyError';

jest.setTimeout(30_000);

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silentLog = () => ({ info: jest.fn(), debug: jest.fn(), warn: jest.fn(), error: jest.fn() }) as unknown as FastifyBaseLogger;

/**
 * `count` server processes on one database: on PostgreSQL each with its own connection pool on the same schema,
 * so their claims really race; SQLite is one process's file, so there they share the connection.
 */
async function sharedDatabase(kind: (typeof DB_KINDS)[number], count: number) {
  const first = await openTestDatabase(kind);
  await migrate(first);
  const handles: DatabaseHandle[] = [first];
  for (let i = 1; i < count; i++) {
    if (kind === 'sqlite') { handles.push(first); continue; }
    const schema = (await first.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s')).executeTakeFirstOrThrow()).s;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    handles.push(openDatabase(url.toString(), { poolSize: 3 }));
  }
  return {
    handles,
    async close() {
      for (const h of new Set(handles)) if (h !== first) await h.close();
      await first.close();
    },
  };
}

describe.each(DB_KINDS)('scheduled jobs [%s]', (kind) => {
  let clock: ManualClock;
  let db: Awaited<ReturnType<typeof sharedDatabase>>;
  let schedulers: Scheduler[];
  const unfinished: (() => void)[] = [];
  const releaseAll = () => { for (const finish of unfinished.splice(0)) finish(); };
  const start = (handle: DatabaseHandle, jobs: ScheduledJob[]) => {
    const scheduler = scheduleJobs({ db: handle.db, clock, log: silentLog() }, jobs, { wakeEveryMs: 3_600_000 });
    schedulers.push(scheduler);
    return scheduler;
  };
  const row = (name: string) => db.handles[0].db.selectFrom('scheduled_jobs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

  beforeEach(() => { clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z')); schedulers = []; });
  afterEach(async () => {
    releaseAll();
    await Promise.all(schedulers.map((s) => s.stop()));
    await db.close();
  });

  it('run each job once per period however many processes tick at once', async () => {
    db = await sharedDatabase(kind, 3);
    const runs: Record<string, number[]> = { fast: [], slow: [] };
    const jobs = (process: number): ScheduledJob[] => [
      { name: 'fast', everyMs: MINUTE, work: async () => { runs.fast.push(process); return {}; } },
      { name: 'slow', everyMs: 5 * MINUTE, work: async () => { runs.slow.push(process); return {}; } },
    ];
    const all = db.handles.map((handle, i) => start(handle, jobs(i)));
    for (let period = 0; period < 10; period++) {
      await Promise.all(all.flatMap((s) => [s.tick(), s.tick()]));
      clock.advance(MINUTE);
    }
    expect(runs.fast).toHaveLength(10);
    expect(runs.slow).toHaveLength(2);
    expect(await row('fast')).toMatchObject({ runs: 10, last_outcome: 'done', next_due_at: clock.now() });
  });

  it('keep their schedule across restarts: a restarted process waits for the due time', async () => {
    db = await sharedDatabase(kind, 1);
    let runs = 0;
    const job: ScheduledJob = { name: 'notify', everyMs: 60 * MINUTE, work: async () => { runs += 1; return {}; } };
    const first = start(db.handles[0], [job]);
    await first.tick();
    await first.stop();
    expect(runs).toBe(1);

    clock.advance(30 * MINUTE);
    const restarted = start(db.handles[0], [job]);
    await restarted.tick();
    expect(runs).toBe(1);
    clock.advance(30 * MINUTE);
    await restarted.tick();
    expect(runs).toBe(2);
  });

  it('start a new job after its first delay, and bring a due time closer when the period was shortened', async () => {
    db = await sharedDatabase(kind, 1);
    const runs: string[] = [];
    const job = (everyMs: number): ScheduledJob => ({ name: 'update_all', everyMs, firstAfterMs: everyMs, work: async () => { runs.push('update_all'); return {}; } });
    const sixHours = start(db.handles[0], [job(360 * MINUTE)]);
    await sixHours.tick();
    expect(runs).toEqual([]);
    expect((await row('update_all')).next_due_at).toBe(clock.now() + 360 * MINUTE);
    await sixHours.stop();

    clock.advance(10 * MINUTE);
    const hourly = start(db.handles[0], [job(60 * MINUTE)]);
    await hourly.tick();
    expect((await row('update_all')).next_due_at).toBe(clock.now() + 60 * MINUTE);
    clock.advance(60 * MINUTE);
    await hourly.tick();
    expect(runs).toEqual(['update_all']);
  });

  it('never run again within a period because a process started while another claimed the run', async () => {
    db = await sharedDatabase(kind, 2);
    const runs: string[] = [];
    const job = (who: string): ScheduledJob => ({ name: 'probe', everyMs: MINUTE, work: async () => { runs.push(who); return {}; } });
    // The starting process read its clock 20 ms before the running one claimed; its start-up lands after the claim.
    const lateClock = new ManualClock(clock.now() - 20);
    const running = start(db.handles[0], [job('running')]);
    await running.tick();
    const claimedAt = (await row('probe')).last_started_at!;
    const starting = scheduleJobs({ db: db.handles[1].db, clock: lateClock, log: silentLog() }, [job('starting')], { wakeEveryMs: 3_600_000 });
    schedulers.push(starting);
    await starting.tick();
    expect(await row('probe')).toMatchObject({ runs: 1, next_due_at: claimedAt + MINUTE });
    lateClock.advance(MINUTE); // a period after its own reading, 20 ms short of one after the claim
    await starting.tick();
    expect(runs).toEqual(['running']);
    lateClock.advance(20);
    await starting.tick();
    expect(runs).toEqual(['running', 'starting']);
  });

  it('record failed and busy runs, and run again the next period', async () => {
    db = await sharedDatabase(kind, 1);
    const outcomes = [new Error('provider down'), new ProcessBusyError('update'), null];
    const log = silentLog();
    const job: ScheduledJob = {
      name: 'update', everyMs: MINUTE,
      work: async () => { const next = outcomes.shift(); if (next) throw next; return { updated_matches: 3 }; },
    };
    const scheduler = scheduleJobs({ db: db.handles[0].db, clock, log }, [job], { wakeEveryMs: 3_600_000 });
    schedulers.push(scheduler);
    for (const expected of ['failed', 'busy', 'done']) {
      await scheduler.tick();
      expect(await row('update')).toMatchObject({ last_outcome: expected, last_finished_at: clock.now() });
      clock.advance(MINUTE);
    }
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ process: 'update' }), 'scheduled process failed');
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ process: 'update', updated_matches: 3 }), 'scheduled process finished');
    expect((await row('update')).runs).toBe(3);
  });

  it('give each job its own lane: a run still going is not claimed again here, and holds back no other job', async () => {
    db = await sharedDatabase(kind, 1);
    const slowRuns: number[] = [];
    const quickRuns: number[] = [];
    const scheduler = start(db.handles[0], [
      { name: 'notify', everyMs: MINUTE, work: () => { slowRuns.push(clock.now()); return new Promise((r) => unfinished.push(() => r({}))); } },
      { name: 'update', everyMs: MINUTE, work: async () => { quickRuns.push(clock.now()); return {}; } },
    ]);
    const first = scheduler.tick();
    while ((await row('update').catch(() => null))?.last_outcome !== 'done') await sleep(10);
    await sleep(20); // the lane is freed once the outcome is written
    clock.advance(MINUTE);
    await scheduler.tick(); // notify still runs: only update goes
    expect(slowRuns).toHaveLength(1);
    expect(quickRuns).toHaveLength(2);
    releaseAll();
    await first;
    const third = scheduler.tick(); // now notify is claimed again
    while (slowRuns.length < 2) await sleep(10);
    releaseAll();
    await third;
    expect(quickRuns).toHaveLength(2);
  });
});
