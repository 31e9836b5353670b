import pino from 'pino';
import { systemClock } from './platform/clock';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { databaseOptions, migrate, openDatabase, type DatabaseHandle } from './platform/db/database';
import { notificationChannel } from './platform/db/notificationChannels';
import { PostgresListener } from './platform/db/postgresListener';
import { createLiveBus } from './platform/live/liveBus';
import { loggerOptions } from './platform/observability/logger';
import { AppState, withAppState } from './platform/appState';
import { RESULT_JOBS_CHANNEL } from './domain/resultJobs/applyResults';
import type { AppliedBatch } from './domain/resultJobs/resultJobBatch';
import { startResultJobRunner } from './domain/resultJobs/resultJobRunner';

/**
 * A result runner: a process that applies result jobs and serves no requests, so a big result never takes the
 * event loop of a process that answers players. `npm start` runs one beside the server (runnerSupervisor.ts);
 * `porra worker` runs one where the operator wants it (several may run: each job has one holder at a time).
 * It wakes when a job is announced (PostgreSQL notifications; `kick` messages from the server that started it) and
 * every POLL_MS for jobs a dead runner left. SIGTERM or SIGINT: the batch in progress commits, the job is released.
 */

/** How often a sleeping runner looks for claimable jobs without being woken (a dead runner's lease runs out in 60 s). */
const POLL_MS = 15_000;

/** What the runner tells the server that started it: a batch committed (its tables and live events are new). */
export interface RunnerMessage { type: 'batch'; batch: AppliedBatch }

export async function runResultRunner(config: Config, database: DatabaseHandle, signal: AbortSignal): Promise<void> {
  const log = pino({ ...loggerOptions(config.logLevel), name: 'result-runner' });
  const state = new AppState();
  const deps = { db: withAppState(database.db, state), clock: systemClock, log, live: createLiveBus(database, systemClock, log) };
  const runner = startResultJobRunner(deps, {
    pollMs: POLL_MS,
    afterBatch: (batch) => { process.send?.({ type: 'batch', batch } satisfies RunnerMessage); },
  });
  const listener = database.dialect === 'postgres' && database.newClient ? new PostgresListener({
    connect: database.newClient, channel: await notificationChannel(database.db, RESULT_JOBS_CHANNEL), log,
    onPayload: () => runner.wake(), onReconnect: () => runner.wake(),
  }) : null;
  await listener?.start();
  const onMessage = (message: unknown) => { if ((message as { type?: string } | null)?.type === 'kick') runner.wake(); };
  process.on('message', onMessage);
  log.info('result runner started');
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve(); else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  process.off('message', onMessage);
  await runner.stop();
  await listener?.stop();
  await deps.live.close();
  log.info('result runner stopped');
}

/** The forked runner of `npm start`: it ends with SIGTERM or SIGINT, or when the server that started it is gone. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) { console.error(`Configuration error: ${error.message}`); process.exit(1); }
    throw error;
  }
  const database = openDatabase(config.databaseUrl, databaseOptions(config));
  await migrate(database);
  const stop = new AbortController();
  for (const event of ['SIGTERM', 'SIGINT', 'disconnect'] as const) process.on(event, () => stop.abort());
  await runResultRunner(config, database, stop.signal);
  await database.close();
  process.exit(0);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
