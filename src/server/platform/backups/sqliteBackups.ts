import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { makePrivateDir } from '../db/privateFiles';
import { BackupError, checkPorraDatabase, copyDatabase, removeDatabaseFiles } from './sqliteFiles';

/** porra-YYYYMMDD-HHMMSS.sqlite, in UTC: names sort in time order, which is what pruning relies on. */
const BACKUP_NAME = /^porra-\d{8}-\d{6}\.sqlite$/;

export function backupFileName(at: number): string {
  const iso = new Date(at).toISOString(); // 2026-11-24T10:20:30.123Z
  return `porra-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}.sqlite`;
}

interface BackupResult { file: string; bytes: number; pruned: string[] }

/**
 * Backs up a SQLite database that a server may be writing at the same time (its own connection, so the server is
 * never paused), checks the copy, then keeps only the newest `keep` backups of the directory. The copy is written
 * under a temporary name and renamed, so a backup file is always complete.
 */
export async function backupSqlite(args: { databasePath: string; dir: string; keep: number; now: number }): Promise<BackupResult> {
  const { databasePath, dir, keep, now } = args;
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath}.`);
  makePrivateDir(dir);
  const file = join(dir, backupFileName(now));
  if (existsSync(file)) throw new BackupError(`${file} already exists (one backup a second at most).`);
  const partial = `${file}.partial`;
  const source = new SQLite(databasePath, { fileMustExist: true, timeout: 10_000 });
  try {
    await copyDatabase(source, partial);
  } catch (error) {
    removeDatabaseFiles(partial);
    throw error;
  } finally {
    source.close();
  }
  try {
    await checkPorraDatabase(partial);
  } catch (error) {
    removeDatabaseFiles(partial);
    throw error;
  }
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, pruned: pruneBackups(dir, keep) };
}

/** Deletes all but the newest `keep` backups of the directory (only files named like ours); returns what it removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = readdirSync(dir).filter((name) => BACKUP_NAME.test(name)).sort().reverse();
  const removed = backups.slice(Math.max(keep, 1)).map((name) => join(dir, name));
  for (const path of removed) rmSync(path, { force: true });
  return removed;
}
