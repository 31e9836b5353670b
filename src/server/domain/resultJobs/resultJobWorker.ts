import { randomUUID } from 'node:crypto';
import { appStateSlot } from '../../platform/appState';
import type { AppDeps } from '../../platform/deps';
import { prebuildRankedTables } from '../standings/rankedTables';
import { logSealedOdds } from '../fairOdds/oddsSeals';
import { applyNextBatch, DEFAULT_LIMITS, type BatchLimits, type WorkerDeps } from './resultJobBatch';
import { claimableJobIds, claimJob, releaseJob } from './resultJobsRepository';

/** How many claimable jobs a worker looks at per round. */
const CLAIM_LOOKAHEAD = 10;

export interface WorkerOptions {
  limits?: Partial<BatchLimits>;
  /** Asked between batches: a worker told to stop releases its job (another run takes it up where it was). */
  shouldStop?: () => boolean;
  /** Told after each batch has committed, with the leagues whose tables it changed. */
  afterBatch?: (leagueIds: number[]) => void;
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

/** This app's in-process worker: at most one run at a time, run again when kicked meanwhile. */
interface InProcessWorker { run: Promise<void> | null; again: boolean; stopping: boolean }

const workerSlot = appStateSlot<InProcessWorker>(() => ({ run: null, again: false, stopping: false }));

/**
 * Starts this app's worker in the background (after a writer committed a result job, at start-up): small installs
 * and tests see results applied at once, without waiting for the scheduler. After each batch has committed, its big
 * leagues' tables are ranked in the background (rankedTables.ts), in slices that let the next batches run. The
 * odds sealed where the results were written are then written into their leagues' logs (it needs the log key).
 * Failures are logged; the job stays open for the next kick or the scheduler's run.
 */
export function kickResultJobs(deps: AppDeps): void {
  const worker = deps.state.get(workerSlot);
  if (worker.stopping) return;
  if (worker.run) { worker.again = true; return; }
  worker.run = (async () => {
    do {
      worker.again = false;
      await runResultJobs(deps, { shouldStop: () => worker.stopping, afterBatch: (leagueIds) => prebuildRankedTables(deps, leagueIds) });
      await logSealedOdds(deps.db, { now: deps.clock.now(), key: deps.logKey });
    } while (worker.again && !worker.stopping);
  })().catch((error: unknown) => {
    deps.log.error({ err: error }, 'result jobs: a run failed; its job waits for the next one');
  }).finally(() => { worker.run = null; });
}

/** The background run in progress, if any (tests wait for it). */
export function runningResultJobs(deps: AppDeps): Promise<void> {
  return deps.state.get(workerSlot).run ?? Promise.resolve();
}

/** Shutdown: the background run stops after its batch in progress and releases its job. */
export async function stopResultJobs(deps: AppDeps): Promise<void> {
  const worker = deps.state.get(workerSlot);
  worker.stopping = true;
  await (worker.run ?? Promise.resolve());
}
