import { chmodSync, closeSync, copyFileSync, existsSync, openSync, readSync, rmSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { migrationProvider } from '../db/migrations/index';
import { createPrivateFile, PRIVATE_FILE_MODE } from '../db/privateFiles';

/** A backup or restore that cannot be done; the message says why and what to do instead. */
export class BackupError extends Error {}

const POSTGRES_BACKUP_HINT = 'PostgreSQL databases are backed up with its own tools: '
  + 'pg_dump --format=custom --file=porra.dump "$DATABASE_URL" (online, consistent), and restored with the server stopped by '
  + 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" porra.dump (see README, Backups).';

/** The file of a `sqlite:<path>` DATABASE_URL; refuses PostgreSQL (with the pg_dump recipe) and in-memory databases. */
export function sqliteFilePath(databaseUrl: string): string {
  if (!databaseUrl.startsWith('sqlite:')) throw new BackupError(POSTGRES_BACKUP_HINT);
  const path = databaseUrl.slice('sqlite:'.length);
  if (path === ':memory:') throw new BackupError('An in-memory database has nothing to back up or restore.');
  return path;
}

/**
 * Copies the whole database in one step of SQLite's online backup API: one read transaction, so the copy is the
 * consistent state of some instant even while the server keeps writing through WAL (the default step of 100 pages
 * would restart whenever another connection writes in between). The copy is made a single file (no -wal).
 */
export async function copyDatabase(source: SQLite.Database, destination: string): Promise<void> {
  removeDatabaseFiles(destination);
  createPrivateFile(destination); // SQLite writes into it, keeping its mode
  await source.backup(destination, { progress: () => 0x7fffffff });
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** A database file and the -wal/-shm files SQLite may keep beside it. */
export function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
}

function hasSqliteHeader(path: string): boolean {
  const header = Buffer.alloc(16);
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return readSync(fd, header, 0, 16, 0) === 16 && header.toString('latin1') === 'SQLite format 3\0';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Refuses anything but an intact Porra database that this version can open: SQLite, passing quick_check, with the
 * migrations table and tables of the game, and no migration newer than this code knows. `name` is the file the
 * operator gave, for the messages, when `path` is a working copy of it.
 */
export async function checkPorraDatabase(path: string, name = path): Promise<void> {
  if (!hasSqliteHeader(path)) throw new BackupError(`${name} is not a SQLite database.`);
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(path, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`${name} is damaged (quick_check: ${String(check)}).`);
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((r) => r.name));
    if (!['kysely_migration', 'users', 'leagues', 'result_bets'].every((t) => tables.has(t))) {
      throw new BackupError(`${name} is a SQLite database but not a Porra one.`);
    }
    const known = Object.keys(await migrationProvider('sqlite').getMigrations());
    const applied = (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
    const unknown = applied.filter((migration) => !known.includes(migration));
    if (unknown.length) throw new BackupError(`${name} comes from a newer version of Porra (migration ${unknown.join(', ')}): upgrade first.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${name} cannot be read as a SQLite database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * Copies an operator's file to `copy` without opening the original (reading a WAL-mode file would leave -wal and
 * -shm files beside it), folds a -wal that came with it into the copy, and checks the copy.
 */
export async function checkedCopy(file: string, copy: string): Promise<void> {
  removeDatabaseFiles(copy);
  try {
    createPrivateFile(copy);
    copyFileSync(file, copy);
    chmodSync(copy, PRIVATE_FILE_MODE); // the copy takes the mode of the operator's file
    if (existsSync(`${file}-wal`)) {
      createPrivateFile(`${copy}-wal`);
      copyFileSync(`${file}-wal`, `${copy}-wal`);
      chmodSync(`${copy}-wal`, PRIVATE_FILE_MODE);
    }
    if (!hasSqliteHeader(copy)) throw new BackupError(`${file} is not a SQLite database.`);
    let db: SQLite.Database | undefined;
    try {
      db = new SQLite(copy, { fileMustExist: true });
      db.pragma('journal_mode = DELETE');
    } catch (error) {
      throw new BackupError(`${file} cannot be read as a SQLite database: ${(error as Error).message}`);
    } finally {
      db?.close();
    }
    await checkPorraDatabase(copy, file);
  } catch (error) {
    removeDatabaseFiles(copy);
    throw error;
  }
}
