import { randomUUID } from 'node:crypto';
import { appStateSlot } from '../../platform/appState';
import type { AppDeps } from '../../platform/deps';
import { logSealedOdds } from '../fairOdds/oddsSeals';
import { applyNextBatch, DEFAULT_LIMITS, type AppliedBatch, type BatchLimits, type WorkerDeps } from './resultJobBatch';
import { claimableJobIds, claimJob, releaseJob } from './resultJobsRepository';

/** How many claimable jobs a worker looks at per round. */
const CLAIM_LOOKAHEAD = 10;

export interface WorkerOptions {
  limits?: Partial<BatchLimits>;
  /** Asked between batches: a worker told to stop releases its job (another run takes it up where it was). */
  shouldStop?: () => boolean;
  /** Told after each batch has committed, with the leagues whose tables it changed. */
  afterBatch?: (batch: AppliedBatch) => void;
}

/**
 * Runs one job to its end, batch after batch, while it stays this worker's. On a failure or a stop the job is
 * released, its cursor where the last committed batch left it.
 */
async function runJob(deps: WorkerDeps, jobId: number, owner: string, limits: BatchLimits, options: WorkerOptions): Promise<void> {
  const shouldStop = options.shouldStop ?? (() => false);
  try {
    for (;;) {
      if (shouldStop()) { await releaseJob(deps.db, jobId, owner); return; }
      const outcome = await applyNextBatch(deps, jobId, owner, limits, options.afterBatch);
      if (outcome !== 'more') return;
    }
  } catch (error) {
    await releaseJob(deps.db, jobId, owner).catch(() => undefined);
    throw error;
  }
}

/**
 * Claims and runs open jobs (never claimed, released, or left by a worker whose lease ran out: a process killed
 * mid-job) until none is left to claim; how many it ran. Any number of workers in any processes may run at once:
 * each job has one holder at a time.
 */
export async function runResultJobs(deps: WorkerDeps, options: WorkerOptions = {}): Promise<number> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const shouldStop = options.shouldStop ?? (() => false);
  const owner = randomUUID();
  let ran = 0;
  for (;;) {
    if (shouldStop()) return ran;
    const now = deps.clock.now();
    let claimed: number | null = null;
    for (const id of await claimableJobIds(deps.db, now, CLAIM_LOOKAHEAD)) {
      if (await claimJob(deps.db, id, owner, now, now + limits.leaseMs)) { claimed = id; break; }
    }
    if (claimed === null) return ran;
    await runJob(deps, claimed, owner, limits, options);
    ran += 1;
  }
}

/**
 * How this app reaches the result jobs: run them itself (RESULT_JOBS=inline: tests and benches), or wake the runner
 * process beside it (`send`, set by main.ts when it started one). A runner over PostgreSQL also hears of every job
 * from the database, so servers without a runner of their own (cluster workers, other machines) need no link.
 */
interface JobsLink { run: Promise<void> | null; again: boolean; stopping: boolean; wakeRunner: (() => void) | null }

const linkSlot = appStateSlot<JobsLink>(() => ({ run: null, again: false, stopping: false, wakeRunner: null }));

/** main.ts: result jobs written by this app wake this runner process. */
export function linkResultRunner(deps: AppDeps, wakeRunner: () => void): void {
  deps.state.get(linkSlot).wakeRunner = wakeRunner;
}

/**
 * After a writer committed a result job: the runner is woken; with RESULT_JOBS=inline this app runs the jobs in the
 * background itself (at most one run at a time, run again when kicked meanwhile). The odds its results sealed are
 * written into their leagues' logs here, where the log key is. Failures are logged; the job stays open for the
 * next kick or the runner's next round.
 */
export function kickResultJobs(deps: AppDeps): void {
  const link = deps.state.get(linkSlot);
  const inline = deps.config.resultJobs === 'inline';
  if (!inline) link.wakeRunner?.();
  if (link.stopping) return;
  if (link.run) { link.again = true; return; }
  link.run = (async () => {
    do {
      link.again = false;
      if (inline) await runResultJobs(deps, { shouldStop: () => link.stopping });
      await logSealedOdds(deps.db, { now: deps.clock.now(), key: deps.logKey });
    } while (link.again && !link.stopping);
  })().catch((error: unknown) => {
    deps.log.error({ err: error }, 'result jobs: a run failed; its job waits for the next one');
  }).finally(() => { link.run = null; });
}

/** The background run in progress, if any (tests wait for it). */
export function runningResultJobs(deps: AppDeps): Promise<void> {
  return deps.state.get(linkSlot).run ?? Promise.resolve();
}

/** Shutdown: the background run stops after its batch in progress and releases its job. */
export async function stopResultJobs(deps: AppDeps): Promise<void> {
  const link = deps.state.get(linkSlot);
  link.stopping = true;
  await (link.run ?? Promise.resolve());
}
