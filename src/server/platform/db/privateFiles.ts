import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/**
 * Database files, backups and restore copies hold the token-signing key, session hashes and every account: only
 * the server's own user may read them. Folders are created 0700, files 0600 (SQLite gives its -wal, -shm and
 * -journal files the mode of their database file).
 */
const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and missing parents) readable by the owner only; an existing folder is left as it is. */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** An empty file readable by the owner only, created before anything is written into it. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, 'w', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE); // 'w' keeps the mode of a file that was already there
}

/** Makes an existing database file (and its -wal, -shm files) readable by the owner only. */
export function makeDatabasePrivate(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) {
    if (existsSync(path + suffix)) chmodSync(path + suffix, PRIVATE_FILE_MODE);
  }
}
