import cluster, { type Worker } from 'node:cluster';
import { hostname } from 'node:os';
import type { Config } from './platform/config';
import { aggregateWorkerMetrics } from './platform/observability/clusterMetrics';
import { superviseResultRunner, type SupervisedRunner } from './runnerSupervisor';

/** A worker that dies this soon after starting is failing to start: wait before replacing it, longer each time. */
const HEALTHY_AFTER_MS = 10_000;
const FIRST_RESTART_DELAY_MS = 1000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Workers get their own shutdown deadline (SHUTDOWN_TIMEOUT_MS and a little more); this much later they are killed. */
const KILL_AFTER_MS = 10_000;

/**
 * The supervisor has no Fastify logger: one JSON line per event in pino's shape, so log collectors read it with
 * the workers' lines.
 */
function log(level: 'info' | 'warn' | 'error', msg: string, fields: object = {}): void {
  const line = { level: { info: 30, warn: 40, error: 50 }[level], time: Date.now(), pid: process.pid, hostname: hostname(), ...fields, msg };
  (level === 'info' ? process.stdout : process.stderr).write(`${JSON.stringify(line)}\n`);
}

/**
 * `WEB_CONCURRENCY=N npm start` over PostgreSQL: this process becomes the supervisor of N worker processes
 * (node:cluster) sharing the port, each a whole server with its own scheduler (scheduled runs are claimed in the
 * database, so each still runs once). A worker that dies unexpectedly is replaced; SIGTERM or SIGINT reaches every
 * worker, which shuts down gracefully, and the supervisor exits once they all have (exit code 1 if any had to cut
 * requests). SQLite is one process's database: there it says so and this process serves alone.
 *
 * Returns true in the supervisor, which must then do nothing else; false where the server should start here.
 */
export function superviseWorkers(config: Config): boolean {
  if (cluster.isWorker || config.webConcurrency <= 1) return false;
  if (!/^postgres(ql)?:\/\//.test(config.databaseUrl)) {
    log('warn', `WEB_CONCURRENCY=${config.webConcurrency} is ignored: SQLite is one process's database, so Porra runs one process. `
      + 'Use PostgreSQL (DATABASE_URL=postgres://...) for several.');
    return false;
  }

  let stopping = false;
  let runner: SupervisedRunner | null = null;
  let restartDelayMs = FIRST_RESTART_DELAY_MS;
  let failedExit = false;
  const startedAt = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (code !== 0) failedExit = true;
    if (stopping) {
      if (startedAt.size === 0) {
        log('info', 'all workers stopped');
        void (runner?.stop() ?? Promise.resolve()).then(() => process.exit(failedExit ? 1 : 0));
      }
      return;
    }
    restartDelayMs = lived >= HEALTHY_AFTER_MS ? FIRST_RESTART_DELAY_MS : Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS);
    const delayMs = lived >= HEALTHY_AFTER_MS ? 0 : restartDelayMs;
    log('error', 'worker died; starting another', { worker: worker.process.pid, code, signal, livedMs: lived, restartInMs: delayMs });
    setTimeout(() => { if (!stopping) fork(); }, delayMs);
  });

  const stop = (signal: NodeJS.Signals) => {
    // One shutdown only: on Ctrl-C the terminal's SIGINT reaches the workers too, and npm forwards it again.
    if (stopping) return;
    stopping = true;
    failedExit = false;
    log('info', 'shutting down the workers', { signal, workers: startedAt.size });
    if (startedAt.size === 0) { void (runner?.stop() ?? Promise.resolve()).then(() => process.exit(0)); return; }
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log('error', 'workers still running after their shutdown deadline: killing them', { workers: startedAt.size });
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
    }, config.shutdownTimeoutMs + KILL_AFTER_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A scrape of /metrics reaches one worker: the supervisor sums every worker's figures for it.
  aggregateWorkerMetrics();

  log('info', `starting ${config.webConcurrency} workers`, { workers: config.webConcurrency });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  // One result runner for every worker of this machine: they announce their jobs through PostgreSQL.
  if (config.resultJobs === 'runner') {
    runner = superviseResultRunner(config, { info: (fields, msg) => log('info', msg, fields), error: (fields, msg) => log('error', msg, fields) });
  }
  return true;
}
