import { existsSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { makePrivateDir } from '../db/privateFiles';
import { BackupError, checkedCopy, copyDatabase, removeDatabaseFiles } from './sqliteFiles';

/**
 * Takes the database for this process alone. In WAL mode every open connection, even an idle one, keeps the
 * shared-memory index in use, so exclusive locking fails while a server (or anything else) has the file open.
 */
function lockExclusively(path: string): SQLite.Database {
  const db = new SQLite(path, { fileMustExist: true, timeout: 200 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT'); // the exclusive lock stays until close
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new BackupError(`${path} is in use: stop the server (every process using the database) before restoring.`);
    }
    throw error;
  }
}

interface RestoreResult { previous: string | null }

/**
 * Puts a backup back in place of the database. Refuses a file that is not an intact Porra database and a database
 * still in use, changing nothing then; keeps the current database as <path>.before-restore. The restored copy is
 * complete and checked before it replaces the current file with one rename.
 */
export async function restoreSqlite(args: { databasePath: string; file: string }): Promise<RestoreResult> {
  const { databasePath, file } = args;
  if (!existsSync(file)) throw new BackupError(`There is no file at ${file}.`);
  makePrivateDir(dirname(databasePath));
  const restoring = `${databasePath}.restoring`;
  await checkedCopy(file, restoring);

  let previous: string | null = null;
  try {
    if (existsSync(databasePath)) {
      const current = lockExclusively(databasePath);
      try {
        previous = `${databasePath}.before-restore`;
        await copyDatabase(current, previous);
      } finally {
        current.close(); // the last connection out checkpoints and removes the -wal file
      }
    }
  } catch (error) {
    removeDatabaseFiles(restoring);
    throw error;
  }
  // The saved copy above holds everything an old -wal had; a stale one must never be replayed onto the new file.
  for (const suffix of ['-wal', '-shm', '-journal']) rmSync(databasePath + suffix, { force: true });
  renameSync(restoring, databasePath);
  return { previous };
}
