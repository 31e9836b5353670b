import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase, migrate, type DatabaseHandle } from '../db/database';
import { backupFileName, backupSqlite, pruneBackups } from './sqliteBackups';
import { BackupError, checkPorraDatabase, sqliteFilePath } from './sqliteFiles';
import { restoreSqlite } from './sqliteRestore';

const AT = Date.parse('2026-11-24T10:20:30.456Z');

describe('SQLite backups', () => {
  let dir: string;
  let databasePath: string;
  let backups: string;
  let handle: DatabaseHandle | null;

  /** A migrated Porra database on disk, left open as a running server would hold it. */
  async function openServerDatabase(path = databasePath): Promise<DatabaseHandle> {
    handle = openDatabase(`sqlite:${path}`);
    await migrate(handle);
    return handle;
  }
  const addUser = (db: DatabaseHandle['db'], email: string) => db.insertInto('users')
    .values({ name: email, email, password_hash: 'x', created_at: 0, updated_at: 0 }).execute();
  const emails = (path: string) => {
    const db = new SQLite(path, { fileMustExist: true });
    try { return (db.prepare('select email from users order by email').all() as { email: string }[]).map((r) => r.email); } finally { db.close(); }
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'porra-backups-'));
    databasePath = join(dir, 'data', 'porra.sqlite');
    backups = join(dir, 'backups');
    handle = null;
  });
  afterEach(async () => {
    await handle?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copy an open database, WAL content included, into one self-contained file named by its UTC time', async () => {
    const { db } = await openServerDatabase();
    await addUser(db, 'ana@example.com');
    expect(existsSync(`${databasePath}-wal`)).toBe(true); // the write is still in the server's WAL

    const result = await backupSqlite({ databasePath, dir: backups, keep: 3, now: AT });
    expect(backupFileName(AT)).toBe('porra-20261124-102030.sqlite');
    expect(result).toMatchObject({ file: join(backups, 'porra-20261124-102030.sqlite'), pruned: [] });
    expect(result.bytes).toBeGreaterThan(0);
    expect(readdirSync(backups)).toEqual(['porra-20261124-102030.sqlite']); // no -wal, no .partial
    expect(emails(result.file)).toEqual(['ana@example.com']);
    await expect(checkPorraDatabase(result.file)).resolves.toBeUndefined();
    // The server's connection goes on writing afterwards.
    await addUser(db, 'bob@example.com');
  });

  it('keep the newest N of their own files and leave anything else in the folder alone', async () => {
    await openServerDatabase();
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    for (let i = 0; i < 4; i++) await backupSqlite({ databasePath, dir: backups, keep: 10, now: AT + i * 1000 });
    writeFileSync(join(backups, 'notes.txt'), 'mine');
    writeFileSync(join(backups, 'porra-manual.sqlite'), 'mine');
    const removed = pruneBackups(backups, 2);
    expect(removed.map((p) => p.slice(backups.length + 1))).toEqual(['porra-20261124-102031.sqlite', 'porra-20261124-102030.sqlite']);
    expect(readdirSync(backups).sort()).toEqual(['notes.txt', 'porra-20261124-102032.sqlite', 'porra-20261124-102033.sqlite', 'porra-manual.sqlite']);
    // A backup prunes as it goes.
    const last = await backupSqlite({ databasePath, dir: backups, keep: 1, now: AT + 10_000 });
    expect(last.pruned).toHaveLength(2);
    expect(readdirSync(backups).filter((n) => n.startsWith('porra-2'))).toEqual(['porra-20261124-102040.sqlite']);
  });

  it('refuse a second backup in the same second, a missing database, PostgreSQL (with the pg_dump recipe) and memory', async () => {
    await openServerDatabase();
    await backupSqlite({ databasePath, dir: backups, keep: 3, now: AT });
    await expect(backupSqlite({ databasePath, dir: backups, keep: 3, now: AT + 500 })).rejects.toThrow(/already exists/);
    await expect(backupSqlite({ databasePath: join(dir, 'nope.sqlite'), dir: backups, keep: 3, now: AT + 2000 })).rejects.toThrow(/no database/);
    expect(readdirSync(backups)).toEqual(['porra-20261124-102030.sqlite']);
    expect(() => sqliteFilePath('postgres://u:p@localhost/porra')).toThrow(/pg_dump .*pg_restore/);
    expect(() => sqliteFilePath('sqlite::memory:')).toThrow(BackupError);
    expect(sqliteFilePath('sqlite:data/porra.sqlite')).toBe('data/porra.sqlite');
  });
});

describe('SQLite restore', () => {
  let dir: string;
  let databasePath: string;

  async function databaseWith(path: string, emails: string[]): Promise<void> {
    const handle = openDatabase(`sqlite:${path}`);
    try {
      await migrate(handle);
      for (const email of emails) {
        await handle.db.insertInto('users').values({ name: email, email, password_hash: 'x', created_at: 0, updated_at: 0 }).execute();
      }
    } finally {
      await handle.close();
    }
  }
  const emails = (path: string) => {
    const db = new SQLite(path, { fileMustExist: true });
    try { return (db.prepare('select email from users order by email').all() as { email: string }[]).map((r) => r.email); } finally { db.close(); }
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'porra-restore-'));
    databasePath = join(dir, 'porra.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('make the database, its backups and restore copies readable by their owner only', async () => {
    const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);
    await databaseWith(databasePath, ['ana@example.com']);
    expect(modeOf(databasePath)).toBe('600');
    const backups = join(dir, 'backups');
    const { file } = await backupSqlite({ databasePath, dir: backups, keep: 3, now: AT });
    expect([modeOf(backups), modeOf(file)]).toEqual(['700', '600']);
    // A database file left readable by an older version is made private when opened; a backup the operator copied
    // with a loose mode is restored private.
    chmodSync(databasePath, 0o644);
    chmodSync(file, 0o644);
    await databaseWith(databasePath, ['bob@example.com']);
    expect(modeOf(databasePath)).toBe('600');
    const { previous } = await restoreSqlite({ databasePath, file });
    expect([modeOf(databasePath), modeOf(previous!)]).toEqual(['600', '600']);
    const elsewhere = join(dir, 'new', 'data', 'porra.sqlite');
    await restoreSqlite({ databasePath: elsewhere, file });
    expect([modeOf(join(dir, 'new', 'data')), modeOf(elsewhere)]).toEqual(['700', '600']);
  });

  it('puts a backup back and keeps the current database as .before-restore', async () => {
    await databaseWith(databasePath, ['ana@example.com']);
    const { file } = await backupSqlite({ databasePath, dir: join(dir, 'backups'), keep: 3, now: AT });
    await databaseWith(databasePath, ['bob@example.com']); // written after the backup

    const result = await restoreSqlite({ databasePath, file });
    expect(result.previous).toBe(`${databasePath}.before-restore`);
    expect(emails(databasePath)).toEqual(['ana@example.com']);
    expect(emails(result.previous!)).toEqual(['ana@example.com', 'bob@example.com']);
    expect(existsSync(`${databasePath}-wal`) || existsSync(`${databasePath}.restoring`)).toBe(false);
    // The server opens it as usual afterwards.
    await databaseWith(databasePath, ['carla@example.com']);
    expect(emails(databasePath)).toEqual(['ana@example.com', 'carla@example.com']);
  });

  it('restores into a new place (another machine) with nothing to keep', async () => {
    await databaseWith(databasePath, ['ana@example.com']);
    const { file } = await backupSqlite({ databasePath, dir: join(dir, 'backups'), keep: 3, now: AT });
    const elsewhere = join(dir, 'new', 'porra.sqlite');
    expect(await restoreSqlite({ databasePath: elsewhere, file })).toEqual({ previous: null });
    expect(emails(elsewhere)).toEqual(['ana@example.com']);
  });

  it('refuses while the database is open elsewhere, and changes nothing', async () => {
    await databaseWith(databasePath, ['ana@example.com']);
    const { file } = await backupSqlite({ databasePath, dir: join(dir, 'backups'), keep: 3, now: AT });
    const server = openDatabase(`sqlite:${databasePath}`);
    try {
      await server.db.insertInto('users').values({ name: 'b', email: 'bob@example.com', password_hash: 'x', created_at: 0, updated_at: 0 }).execute();
      await expect(restoreSqlite({ databasePath, file })).rejects.toThrow(/in use: stop the server/);
      expect(await server.db.selectFrom('users').select('email').orderBy('email').execute())
        .toEqual([{ email: 'ana@example.com' }, { email: 'bob@example.com' }]);
    } finally {
      await server.close();
    }
    expect(existsSync(`${databasePath}.before-restore`) || existsSync(`${databasePath}.restoring`)).toBe(false);
  });

  it('refuses anything but an intact Porra database this version knows, and changes nothing', async () => {
    await databaseWith(databasePath, ['ana@example.com']);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some text that is long enough');
    const foreign = join(dir, 'other.sqlite');
    const close = (db: SQLite.Database) => db.close();
    close(new SQLite(foreign).exec('create table t (x)'));
    const newer = join(dir, 'newer.sqlite');
    await databaseWith(newer, []);
    close(new SQLite(newer).exec("insert into kysely_migration (name, timestamp) values ('29990101_z_future', 'now')"));
    const damaged = join(dir, 'damaged.sqlite');
    await databaseWith(damaged, Array.from({ length: 300 }, (_, i) => `user${i}@example.com`));
    const bytes = readFileSync(damaged);
    bytes.fill(0xff, 4096 * 3, 4096 * 6); // wipe a few pages in the middle
    writeFileSync(damaged, bytes);

    await expect(restoreSqlite({ databasePath, file: join(dir, 'missing.sqlite') })).rejects.toThrow(/no file/);
    await expect(restoreSqlite({ databasePath, file: text })).rejects.toThrow(/not a SQLite database/);
    await expect(restoreSqlite({ databasePath, file: foreign })).rejects.toThrow(/not a Porra one/);
    await expect(restoreSqlite({ databasePath, file: newer })).rejects.toThrow(/newer version of Porra \(migration 29990101_z_future\)/);
    await expect(restoreSqlite({ databasePath, file: damaged })).rejects.toThrow(/damaged.sqlite (is damaged|cannot be read)/);
    expect(emails(databasePath)).toEqual(['ana@example.com']);
    expect(readdirSync(dir).sort()).toEqual(['damaged.sqlite', 'newer.sqlite', 'notes.txt', 'other.sqlite', 'porra.sqlite']);
  });
});
