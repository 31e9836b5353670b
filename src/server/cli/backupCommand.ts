import { resolve } from 'node:path';
import { backupSqlite } from '../platform/backups/sqliteBackups';
import { sqliteFilePath } from '../platform/backups/sqliteFiles';
import { UsageError, type CliCommand } from './command';

const kilobytes = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

export const backupCommand: CliCommand = {
  name: 'backup',
  summary: 'Back up the SQLite database (the server may keep running), keeping the newest N backups (BACKUP_KEEP, 7)',
  usage: 'backup [--dir DIR] [--keep N]',
  options: { dir: { type: 'string' }, keep: { type: 'string' } },
  // It reads the file through its own connection: opening the database for the command would migrate it.
  needsDatabase: false,
  async run({ values, config, clock, out }) {
    let keep = config.backupKeep;
    if (values.keep !== undefined) {
      keep = Number(values.keep);
      if (!Number.isInteger(keep) || keep < 1 || keep > 1000) throw new UsageError(`--keep must be an integer between 1 and 1000 (got "${String(values.keep)}")`);
    }
    const dir = typeof values.dir === 'string' ? resolve(values.dir) : config.backupDir;
    const databasePath = sqliteFilePath(config.databaseUrl);
    const { file, bytes, pruned } = await backupSqlite({ databasePath, dir, keep, now: clock.now() });
    out(`Backed up ${databasePath} to ${file} (${kilobytes(bytes)})${pruned.length ? `; removed ${pruned.length} older backup(s)` : ''}`);
  },
};
