import { databaseOptions, migrate, openDatabase } from '../platform/db/database';
import { runResultRunner } from '../resultRunner';
import type { CliCommand } from './command';

/**
 * `porra worker`: a result runner in the foreground, until SIGTERM or SIGINT (its batch in progress commits and its
 * job is released). Run one or more beside the servers of a cluster or of several machines (RESULT_JOBS=external).
 */
export const workerCommand: CliCommand = {
  name: 'worker',
  summary: 'Apply result jobs to the league tables until stopped (SIGTERM or Ctrl-C): run beside servers started with RESULT_JOBS=external',
  usage: 'worker',
  options: {},
  needsDatabase: false,
  async run({ config, out }) {
    const database = openDatabase(config.databaseUrl, databaseOptions(config));
    try {
      await migrate(database);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
      out('Result runner started: applying result jobs until stopped (Ctrl-C).');
      await runResultRunner(config, database, stop.signal);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      out('Result runner stopped.');
    } finally {
      await database.close();
    }
  },
};
