import { resolve } from 'node:path';
import { sqliteFilePath } from '../platform/backups/sqliteFiles';
import { restoreSqlite } from '../platform/backups/sqliteRestore';
import { UsageError, type CliCommand } from './command';

export const restoreCommand: CliCommand = {
  name: 'restore',
  summary: 'Put a SQLite backup back in place of the database (stop the server first); the current one is kept as <file>.before-restore',
  usage: 'restore FILE',
  options: {},
  takesPositionals: true,
  needsDatabase: false,
  async run({ positionals, config, out }) {
    if (positionals.length !== 1) throw new UsageError('restore takes exactly one backup file');
    const databasePath = sqliteFilePath(config.databaseUrl);
    const file = resolve(positionals[0]);
    const { previous } = await restoreSqlite({ databasePath, file });
    out(`Restored ${databasePath} from ${file}${previous ? `; the previous database is kept as ${previous}` : ''}`);
  },
};
