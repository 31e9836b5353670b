import type { AppDeps } from '../../../platform/deps';
import { hasOpenJobs } from '../resultJobsRepository';
import { runningResultJobs, runResultJobs } from '../resultJobWorker';

/**
 * Test kit: waits until every result job is applied, as a test that reads tables right after a result needs.
 * Waits for the app's background run, then runs the worker itself until no job is open.
 */
export async function settleResultJobs(deps: AppDeps): Promise<void> {
  for (let round = 0; round < 100; round += 1) {
    await runningResultJobs(deps);
    await runResultJobs(deps);
    if (!(await hasOpenJobs(deps.db))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('result jobs did not settle');
}
