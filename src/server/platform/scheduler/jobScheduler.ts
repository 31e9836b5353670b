import type { AppDeps } from '../deps';
import { claimDueRun, recordRunOutcome, seedScheduledJob, type JobOutcome } from './scheduledJobsRepository';
import { ProcessBusyError } from '../locks/processBusyError';

export interface Scheduler {
  /** Starts whatever is due now (the timer calls it; tests call it directly). Resolves when the jobs it started are done. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export interface ScheduledJob {
  /** Its row in `scheduled_jobs`; processes agree on a job by name. */
  name: string;
  everyMs: number;
  /** When a job has never been scheduled on this database: its first run comes this long after (0: at once). */
  firstAfterMs?: number;
  /** Resolves with what it did (logged); ProcessBusyError means the same process was still running (its lock was taken). */
  work(run: JobRun): Promise<object>;
}

/** The run a job's work belongs to. */
export interface JobRun {
  /**
   * When (deps.clock) this process claimed the period: claims of one job, whichever processes make them, are at
   * least a period apart, while the work itself may start later on a busy machine.
   */
  claimedAt: number;
}

/** `metrics` (the server's) counts runs, failures and durations; schedulers built in tests may go without. */
type SchedulerDeps = Pick<AppDeps, 'db' | 'clock' | 'log'> & Partial<Pick<AppDeps, 'metrics'>>;

/**
 * Runs each job once per period across every server process sharing the database. The due times live in
 * `scheduled_jobs`: a process runs a job only when its one conditional UPDATE claims the period, so any number of
 * processes may run a scheduler and exactly one does each run. Each job has its own lane in this process: one
 * run of it at a time, and a slow one (reminders waiting on push services, a slow provider) never holds back the
 * others. Due times follow deps.clock, so tests drive it with a manual clock.
 */
export function scheduleJobs(deps: SchedulerDeps, jobs: ScheduledJob[], options: { wakeEveryMs?: number } = {}): Scheduler {
  const running = new Map<string, Promise<void>>();
  let seeded: Promise<void> | null = null;
  let stopped = false;

  async function seed(): Promise<void> {
    const now = deps.clock.now();
    for (const job of jobs) await seedScheduledJob(deps.db, job.name, now + (job.firstAfterMs ?? 0), now, job.everyMs);
  }

  /** The one place where a run's outcome and duration are known. */
  async function runJob(job: ScheduledJob, startedAt: number): Promise<void> {
    let outcome: JobOutcome;
    const run: JobRun = { claimedAt: startedAt };
    try {
      const result = await (deps.metrics ? deps.metrics.recordJob(job.name, () => job.work(run)) : job.work(run));
      outcome = 'done';
      deps.log.info({ process: job.name, durationMs: deps.clock.now() - startedAt, ...result }, 'scheduled process finished');
    } catch (error) {
      outcome = error instanceof ProcessBusyError ? 'busy' : 'failed';
      if (outcome === 'busy') deps.log.debug({ process: job.name }, 'scheduled process still running (an admin\'s call, or the previous period\'s run)');
      else deps.log.error({ err: error, process: job.name }, 'scheduled process failed');
    }
    await recordRunOutcome(deps.db, job.name, outcome, deps.clock.now());
  }

  async function claimAndRun(job: ScheduledJob): Promise<void> {
    try {
      const now = deps.clock.now();
      if (await claimDueRun(deps.db, job.name, now, job.everyMs)) await runJob(job, now);
    } catch (error) {
      // The database itself failed (claiming or recording): the next wake tries again.
      deps.log.error({ err: error, process: job.name }, 'scheduler could not reach the database');
    }
  }

  const tick = async () => {
    if (stopped) return;
    try {
      await (seeded ??= seed());
    } catch (error) {
      seeded = null;
      deps.log.error({ err: error }, 'scheduler could not reach the database');
      return;
    }
    const started: Promise<void>[] = [];
    for (const job of jobs) {
      if (stopped || running.has(job.name)) continue;
      const lane = claimAndRun(job).finally(() => running.delete(job.name));
      running.set(job.name, lane);
      started.push(lane);
    }
    await Promise.all(started);
  };
  // Waking often costs one indexed UPDATE per job that matches nothing; it keeps runs close to their due time.
  const timer = setInterval(() => void tick(), options.wakeEveryMs ?? 15_000);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await seeded?.catch(() => undefined);
      await Promise.all(running.values());
    },
  };
}
