import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database';

/*
 * Two processes share an SQLite file: the server and its result runner. A transaction that reads and then writes
 * must not be refused because the other one committed in between; with SQLite's default deferred transactions the
 * write fails at once with SQLITE_BUSY_SNAPSHOT. The other process here is a second connection that does not wait.
 */
describe('SQLite transactions beside another process', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'porra-sqlite-'));
    handle = openDatabase(`sqlite:${join(dir, 'porra.sqlite')}`);
    await sql`create table counters (name text primary key, value integer not null)`.execute(handle.db);
    await sql`insert into counters values ('saves', 0), ('results', 0)`.execute(handle.db);
    other = new SQLite(join(dir, 'porra.sqlite'));
    other.pragma('busy_timeout = 0');
  });

  afterEach(async () => {
    other.close();
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction that read before the other process wrote still commits its write', async () => {
    const othersWrite = () => other.prepare("update counters set value = value + 1 where name = 'results'").run();
    let refusedMeanwhile: unknown = null;
    await handle.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ value: number }>`select value from counters where name = 'saves'`.execute(trx);
      // The other process tries to commit between this read and the write below: it has to wait its turn.
      try { othersWrite(); } catch (error) { refusedMeanwhile = error; }
      await sql`update counters set value = ${rows[0].value + 1} where name = 'saves'`.execute(trx);
    });
    expect((refusedMeanwhile as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
    othersWrite();
    const counters = other.prepare('select name, value from counters order by name').all();
    expect(counters).toEqual([{ name: 'results', value: 1 }, { name: 'saves', value: 1 }]);
  });

  it('reads outside a transaction go on while the other process holds the write lock', async () => {
    other.exec("begin immediate; update counters set value = 5 where name = 'results'");
    const { rows } = await sql<{ value: number }>`select value from counters where name = 'results'`.execute(handle.db);
    other.exec('commit');
    expect(rows[0].value).toBe(0);
  });
});
