/**
 * How many tests run at once (Playwright's workers). Each worker has a server of its own, with its own database,
 * demo and restarts, so a test never sees another's changes; the SMTP server and the push service are shared, and
 * each test reads only what was sent to its own people.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

/** The environment variable through which global setup tells the workers where their services are. */
export const RUNS_ENV = 'E2E_RUNS';

export interface Run { origin: string; inbox: string; adminPassword: string; databaseFile: string; pushPort: number }

/** This worker's services, as global setup left them in the environment (one run per worker slot). */
export function currentRun(): Run {
  const runs = process.env[RUNS_ENV];
  if (!runs) throw new Error(`${RUNS_ENV} is not set: run the suite with \`npm run test:e2e\` (its global setup starts the servers)`);
  const all = JSON.parse(runs) as Run[];
  // Playwright numbers the workers running at once from 0 (a worker replacing a failed one takes its slot).
  return all[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % all.length];
}
