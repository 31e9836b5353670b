/**
 * Test kit, run as a child process by resultJobCrash.test.ts: one worker applying the open result jobs of the
 * already migrated database at DATABASE_URL, one league per batch, with a lease of LEASE_MS. It prints `claimed`
 * once it holds a job, and exits when none is left (unless it is killed first, which is the point).
 */
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../../../platform/clock';
import { openDatabase } from '../../../platform/db/database';
import { createLiveBus } from '../../../platform/live/liveBus';
import { runResultJobs } from '../resultJobWorker';

const handle = openDatabase(process.env.DATABASE_URL!, { poolSize: 2 });
const complain = (details: { err?: Error }, message: string) => process.stderr.write(`${message}: ${details.err?.message ?? JSON.stringify(details)}\n`);
const log = { info() {}, debug() {}, warn: complain, error: complain } as unknown as FastifyBaseLogger;
const live = createLiveBus(handle, systemClock, log);

void runResultJobs({ db: handle.db, clock: systemClock, log, live }, { limits: { leaguesPerBatch: 1, leaseMs: Number(process.env.LEASE_MS) } })
  .then(async () => { await live.close(); await handle.close(); process.exit(0); })
  .catch((error: unknown) => { complain({ err: error as Error }, 'worker failed'); process.exit(1); });
