import { runResultJobs, type WorkerOptions } from './resultJobWorker';
import type { WorkerDeps } from './resultJobBatch';

/**
 * The loop of a result runner (a process that serves no requests): runs every open job, then sleeps until woken
 * (a new job announced) or until `pollMs` has passed (a job whose worker died is claimable once its lease ran out).
 * `stop` lets the batch in progress commit, releases the job and ends the loop.
 */
interface ResultJobRunner {
  wake(): void;
  stop(): Promise<void>;
}

export function startResultJobRunner(
  deps: WorkerDeps, options: { pollMs: number } & Pick<WorkerOptions, 'afterBatch' | 'limits'>,
): ResultJobRunner {
  let stopping = false;
  let woken = false;
  let wakeUp: (() => void) | null = null;
  const sleep = () => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.pollMs);
    wakeUp = () => { clearTimeout(timer); resolve(); };
  });
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      try {
        await runResultJobs(deps, { shouldStop: () => stopping, afterBatch: options.afterBatch, limits: options.limits });
      } catch (error) {
        deps.log.error({ err: error }, 'result jobs: a run failed; its job waits for the next round');
      }
      if (!stopping && !woken) await sleep();
      wakeUp = null;
    }
  })();
  return {
    wake() { woken = true; wakeUp?.(); },
    async stop() { stopping = true; wakeUp?.(); await loop; },
  };
}
