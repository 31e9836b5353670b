import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { migrate, sqliteDatabase, type DatabaseHandle } from '../platform/db/database';

/** A test database, and the environment a server process needs to use it. */
export interface TestDatabase extends DatabaseHandle { serverEnv: Record<string, string> }

/**
 * Migrated PostgreSQL schemas handed from one test to the next. Creating a schema and running every migration costs
 * a second of the server's time; emptying the tables of one a test has finished with costs a few milliseconds. A
 * schema comes back emptied (rows deleted with triggers and foreign keys off, identities restarted, competitions'
 * partitions dropped) only when its tables, indexes, triggers and migrations run are those it had once migrated; a
 * schema a test altered, or that cannot be emptied (a role that may not turn triggers off), is dropped, and the next
 * test gets a new one.
 */
interface MigratedSchemas {
  take(): Promise<TestDatabase>;
  /** Drops the schemas no test holds (the end of a test file). */
  drain(): Promise<void>;
}

/** Rows that stay: the migrator's own bookkeeping. */
const KEPT_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

interface Emptying { fingerprint: string; statements: string }

function migratedSchemas(open: () => Promise<TestDatabase>): MigratedSchemas {
  const free: TestDatabase[] = [];
  let emptying: Emptying | undefined;

  const give = (database: TestDatabase): TestDatabase => {
    let closed = false;
    return {
      ...database,
      async close() {
        // A second close must not hand the schema on twice (two tests would then share it).
        if (closed) return;
        closed = true;
        try {
          await empty(database, emptying!);
          free.push(database);
        } catch {
          await database.close();
        }
      },
    };
  };

  return {
    async take() {
      const reused = free.pop();
      if (reused) return give(reused);
      const database = await open();
      await migrate(database);
      emptying ??= await emptyingOf(database);
      return give(database);
    },
    async drain() {
      for (const database of free.splice(0)) await database.close();
    },
  };
}

async function fingerprintOf(database: TestDatabase): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select (
      select string_agg(c.relname || ':' || c.relkind::text || ':' || (select count(*) from pg_trigger t where t.tgrelid = c.oid), ',' order by c.relname)
      from pg_class c where c.relnamespace = current_schema()::regnamespace
    ) || ';' || (select coalesce(string_agg(name, ',' order by name), '') from kysely_migration) as fingerprint`.execute(database.db);
  return rows[0].fingerprint;
}

async function emptyingOf(database: TestDatabase): Promise<Emptying> {
  const { rows: tables } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') and not relispartition`.execute(database.db);
  const { rows: sequences } = await sql<{ name: string }>`
    select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'S'`.execute(database.db);
  const statements = [
    ...tables.filter((table) => !KEPT_TABLES.has(table.name)).map((table) => `delete from "${table.name}";`),
    ...sequences.map((sequence) => `alter sequence "${sequence.name}" restart;`),
  ].join('\n');
  return { fingerprint: await fingerprintOf(database), statements };
}

async function empty(database: TestDatabase, emptying: Emptying): Promise<void> {
  // Partitions a competition's creation added (the DEFAULT partitions are the migrations').
  const { rows: partitions } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and c.relispartition and c.relname !~ '_default$'`.execute(database.db);
  await sql.raw(`begin;
    set local session_replication_role = replica;
    ${partitions.map((partition) => `drop table "${partition.name}";`).join('\n')}
    ${emptying.statements}
    commit;`).execute(database.db);
  if (await fingerprintOf(database) !== emptying.fingerprint) throw new Error('a test changed the schema');
}

/**
 * A migrated in-memory SQLite database, copied for each test from an image the first one migrated: opening a copy
 * costs a millisecond, migrating a new one fifty.
 */
function migratedSqlite(): () => Promise<TestDatabase> {
  let image: Promise<Buffer> | undefined;
  const migratedImage = async () => {
    const sqlite = new SQLite(':memory:');
    const handle = sqliteDatabase(sqlite);
    await migrate(handle);
    const serialized = sqlite.serialize();
    await handle.close();
    return serialized;
  };
  return async () => ({ ...sqliteDatabase(new SQLite(await (image ??= migratedImage()))), serverEnv: {} });
}

interface TestFileDatabases { postgres?: MigratedSchemas; sqlite?: () => Promise<TestDatabase> }

// One per test file: jest gives each test file modules of its own, and the server project's setup file drains it
// after the file's last test.
const fileDatabases: TestFileDatabases = {};

/** A migrated database for one test: a copy of the file's SQLite image, or a PostgreSQL schema handed on. */
export function migratedTestDatabase(kind: 'sqlite' | 'postgres', open: () => Promise<TestDatabase>): Promise<TestDatabase> {
  if (kind === 'sqlite') return (fileDatabases.sqlite ??= migratedSqlite())();
  return (fileDatabases.postgres ??= migratedSchemas(open)).take();
}

export async function drainTestFileDatabases(): Promise<void> {
  await fileDatabases.postgres?.drain();
}
