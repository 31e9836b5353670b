import cluster from 'node:cluster';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/database';
import type { ReplicaReadOutcome } from '../db/readReplica';
import { clusterMetrics, reportOwnMetrics } from './clusterMetrics';
import { RequestHistogram, type RequestLabels } from './requestHistogram';
import { ProcessBusyError } from '../locks/processBusyError';

/** What the app measures; one per built app, exposed by GET /metrics in Prometheus' text format. */
export interface AppMetrics {
  /** The Prometheus text of this app's metrics and the process-wide ones (every worker's, summed, under WEB_CONCURRENCY). */
  render(): Promise<{ contentType: string; text: string }>;
  observeRequest(labels: RequestLabels, seconds: number): void;
  /** A result bet stored by its owner (or corrected by an admin). */
  betSaved(): void;
  /** A read the replica could serve, and where it went. */
  replicaRead(outcome: ReplicaReadOutcome): void;
  /** A live stream opened (+1) or closed (-1) in this process. */
  liveStreams(delta: 1 | -1): void;
  /**
   * Runs one scheduled job and records it: a run and its duration when it finishes, a failure too when it throws,
   * a skip when another process holds the job's lock. The outcome and the error pass through unchanged.
   */
  recordJob<T>(job: string, work: () => Promise<T>): Promise<T>;
}

let processRegistry: Registry | null = null;

/**
 * Process-wide figures (CPU, memory, GC, event-loop lag) belong to the process, not to an app: they are registered
 * once, in a registry of their own, however many apps a process builds (tests build hundreds).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.25, 1, 5, 15, 60, 300, 900];

export function createMetrics(options: { poolStats: () => PoolStats }): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requestDuration = new RequestHistogram(
    'http_request_duration_seconds', 'Time to answer HTTP requests, by route pattern and status', SECONDS_BUCKETS, registers,
  );
  const pool = (name: string, help: string, read: (stats: PoolStats) => number) => new Gauge({
    name, help, registers,
    collect() { this.set(read(options.poolStats())); },
  });
  pool('porra_db_pool_connections', 'Open database connections (SQLite: always one)', (stats) => stats.total);
  pool('porra_db_pool_idle_connections', 'Open database connections not in use', (stats) => stats.idle);
  pool('porra_db_pool_waiting_queries', 'Queries waiting for a database connection', (stats) => stats.waiting);
  const jobRuns = new Counter({ name: 'porra_scheduler_job_runs_total', help: 'Scheduled jobs run by this process', labelNames: ['job'] as const, registers });
  const jobFailures = new Counter({ name: 'porra_scheduler_job_failures_total', help: 'Scheduled job runs that failed', labelNames: ['job'] as const, registers });
  const jobSkips = new Counter({
    name: 'porra_scheduler_job_skipped_total', help: 'Scheduled jobs skipped because another process was running them', labelNames: ['job'] as const, registers,
  });
  const jobDuration = new Histogram({
    name: 'porra_scheduler_job_duration_seconds', help: 'Duration of scheduled job runs', labelNames: ['job'] as const, buckets: JOB_BUCKETS, registers,
  });
  const betsSaved = new Counter({ name: 'porra_bets_saved_total', help: 'Result bets saved (simulations excluded)', registers });
  const replicaReads = new Counter({
    name: 'porra_replica_reads_total', help: 'Reads a replica could serve: served there, or on the primary because it lagged or was unavailable',
    labelNames: ['served'] as const, registers,
  });
  const liveStreams = new Gauge({ name: 'porra_live_streams_open', help: 'Live (Server-Sent Events) streams open', registers });
  const own = () => Registry.merge([processMetrics(), registry]);
  if (cluster.isWorker) reportOwnMetrics(() => own().getMetricsAsJSON());

  return {
    async render() {
      const everyWorker = cluster.isWorker ? await clusterMetrics() : null;
      if (everyWorker) return everyWorker;
      const merged = own();
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
    observeRequest: (labels, seconds) => requestDuration.observe(labels, seconds),
    betSaved: () => betsSaved.inc(),
    replicaRead: (outcome) => replicaReads.inc({ served: outcome }),
    liveStreams: (delta) => liveStreams.inc(delta),
    async recordJob(job, work) {
      const stopTimer = jobDuration.startTimer({ job });
      try {
        const outcome = await work();
        jobRuns.inc({ job });
        stopTimer();
        return outcome;
      } catch (error) {
        if (error instanceof ProcessBusyError) {
          jobSkips.inc({ job });
        } else {
          jobRuns.inc({ job });
          jobFailures.inc({ job });
          stopTimer();
        }
        throw error;
      }
    },
  };
}
