import type { AppDeps } from '../../deps';
import { ProcessBusyError } from '../locks/processLocks';
import { scheduledProcesses } from '../updates/updatesService';

export interface Scheduler {
  /** Starts whatever is due now (the timer calls it; tests call it directly). Resolves when the jobs it started are done. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  updateEveryMinutes: number;
  notifyEveryMinutes: number;
  /** Full syncs (update_all); none when absent. */
  fullSyncEveryMinutes?: number;
  /** How often the timer wakes up to see what is due; a minute by default. */
  wakeEveryMs?: number;
}

interface Job {
  name: string;
  everyMs: number;
  work: () => Promise<object>;
  nextAt: number;
  running: Promise<void> | null;
}

/**
 * Runs `update` every N minutes, `notify` every M minutes and, optionally, a full sync (`update_all`) now and then. Every server process may run a scheduler: each job
 * goes through the same database lock as the admin's calls, so exactly one process does it and the others skip.
 * Due times follow deps.clock, so tests drive it with a manual clock.
 */
export function createScheduler(deps: AppDeps, options: SchedulerOptions): Scheduler {
  const run = scheduledProcesses(deps);
  const jobs: Job[] = [
    { name: 'update', everyMs: options.updateEveryMinutes * 60_000, work: run.update, nextAt: 0, running: null },
    { name: 'notify', everyMs: options.notifyEveryMinutes * 60_000, work: run.notify, nextAt: 0, running: null },
  ];
  // A full sync first waits one period: at start-up `update` already ran and the last full sync is recent enough.
  if (options.fullSyncEveryMinutes) {
    const everyMs = options.fullSyncEveryMinutes * 60_000;
    jobs.push({ name: 'update_all', everyMs, work: run.updateAll, nextAt: deps.clock.now() + everyMs, running: null });
  }
  let stopped = false;

  async function runJob(job: Job): Promise<void> {
    try {
      const outcome = await job.work();
      deps.log.info({ process: job.name, ...outcome }, 'scheduled process finished');
    } catch (error) {
      if (error instanceof ProcessBusyError) deps.log.debug({ process: job.name }, 'scheduled process already running elsewhere');
      else deps.log.error({ err: error, process: job.name }, 'scheduled process failed');
    }
  }

  /**
   * Each job runs in its own lane: one run of it at a time in this process (the lock handles the other
   * processes), and a slow one (reminders waiting on push services, a slow provider) never holds back the others.
   */
  const tick = async () => {
    const started: Promise<void>[] = [];
    for (const job of jobs) {
      const now = deps.clock.now();
      if (stopped || job.running || now < job.nextAt) continue;
      job.nextAt = now + job.everyMs;
      const running = runJob(job).finally(() => { job.running = null; });
      job.running = running;
      started.push(running);
    }
    await Promise.all(started);
  };
  const timer = setInterval(() => void tick(), options.wakeEveryMs ?? 60_000);
  timer.unref();

  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(jobs.map((job) => job.running));
    },
  };
}

/** Started by main.ts only, when AUTO_UPDATE_MINUTES > 0; never by buildApp, so tests start it themselves. */
export function startScheduler(deps: AppDeps): Scheduler | null {
  if (deps.config.autoUpdateMinutes <= 0) return null;
  const scheduler = createScheduler(deps, {
    updateEveryMinutes: deps.config.autoUpdateMinutes,
    notifyEveryMinutes: deps.config.notifyEveryMinutes,
    fullSyncEveryMinutes: deps.config.fullSyncEveryMinutes,
  });
  void scheduler.tick();
  return scheduler;
}
