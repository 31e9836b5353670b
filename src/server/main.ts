import { buildApp } from './app';
import { superviseWorkers } from './cluster';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { databaseOptions, openDatabase } from './platform/db/database';
import { loadVapidKeys } from './platform/push/vapidKeys';
import { listenForMetrics } from './platform/observability/metricsServer';
import { startScheduler } from './scheduledJobs';
import { startTitleRaceNotices } from './features/titleRace/titleRaceNotices';
import { shutdownGracefully } from './shutdown';
import cluster from 'node:cluster';
import { kickResultJobs, linkResultRunner } from './domain/resultJobs/resultJobWorker';
import { forgetLeagueTables } from './domain/standings/tableVersions';
import { superviseResultRunner, type SupervisedRunner } from './runnerSupervisor';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Listens, and shuts down gracefully on SIGTERM or SIGINT (see shutdown.ts); everything else is built by app.ts. */
async function main(): Promise<void> {
  const config = configOrExit();
  // WEB_CONCURRENCY > 1 over PostgreSQL: this process only supervises workers that each run what follows.
  if (superviseWorkers(config)) return;
  const database = openDatabase(config.databaseUrl, databaseOptions(config));
  const { app, deps, lifecycle } = await buildApp({ config, database });
  // Push keys exist before the first browser asks for them (every process reads the same stored pair).
  await loadVapidKeys(deps.db);
  const scheduler = startScheduler(deps);
  // Result jobs run in a process of their own beside this one (never on the event loop that serves players); a
  // cluster's supervisor starts it for all its workers.
  let runner: SupervisedRunner | null = null;
  if (config.resultJobs === 'runner' && !cluster.isWorker) {
    runner = superviseResultRunner(config, app.log, ({ batch }) => {
      // Tables its batch changed are read anew here at once; its live events (SQLite) reach the streams now.
      forgetLeagueTables(deps.db, batch.leagueIds);
      void deps.live.catchUp();
    });
    const started = runner;
    linkResultRunner(deps, () => started.kick());
  }
  // Result jobs a stopped process left (or that wait for their lease to run out) go on from where they were.
  kickResultJobs(deps);
  await startTitleRaceNotices(deps);
  const metricsServer = config.metricsPort ? await listenForMetrics(deps.metrics, config.metricsHost, config.metricsPort) : null;
  if (config.metricsOpenTo === 'nobody' && !config.metricsToken && !config.metricsPort) {
    app.log.warn('GET /metrics is not served: set METRICS_TOKEN, or METRICS_PORT for a local listener (see README, Metrics)');
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // One shutdown only: on Ctrl-C under npm the terminal's SIGINT arrives, and npm forwards it again.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    void metricsServer?.close();
    void shutdownGracefully({ app, lifecycle, database, scheduler, runner }, config.shutdownTimeoutMs).then((drained) => {
      app.log.info(drained ? 'shut down' : 'shut down, cutting requests that outlived SHUTDOWN_TIMEOUT_MS');
      process.exit(drained ? 0 : 1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
