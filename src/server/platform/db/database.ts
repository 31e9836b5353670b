import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery, Kysely, Migrator, PostgresDialect, SqliteDialect, SqliteDriver, sql,
  type DatabaseConnection, type Driver, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement, type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { Config } from '../config';
import { migrationProvider, type Dialect } from './migrations/index';
import { seedCatalogue } from './catalogue';
import { prepareStatements } from './preparedStatements';
import { createPrivateFile, makeDatabasePrivate, makePrivateDir } from './privateFiles';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
/** Repositories take either the db or a transaction first. */
export type Executor = Db | Tx;

/** Connections of the pool right now (metrics): open, idle, and queries waiting for one. */
export interface PoolStats { total: number; idle: number; waiting: number }

export interface DatabaseHandle {
  db: Db; dialect: Dialect; close(): Promise<void>; poolStats(): PoolStats;
  /** PostgreSQL: a new connection to the server itself, outside the pool (for LISTEN). */
  newClient?(): pg.Client;
}

// PostgreSQL answers bigint (ids, times, count(*)) and numeric as strings; the app wants numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

interface DatabaseOptions {
  poolSize?: number;
  /** PostgreSQL: prepare the app's statements on each pool connection (off behind a transaction-mode pooler). */
  preparedStatements?: boolean;
  /** PostgreSQL: the server itself when `url` is a pooler in transaction mode (LISTEN needs a session). */
  directUrl?: string;
  /** PostgreSQL: give up opening a connection after this long (a replica that hangs); unbounded by default. */
  connectTimeoutMs?: number;
}

/**
 * A statement that met another writer's lock and gave up: SQLite past its busy timeout, PostgreSQL's deadlock victim,
 * a serialization failure or a lock not available. Its transaction rolled back whole; the same call can simply be
 * made again in a moment.
 */
const CONTENTION_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', '40P01', '40001', '55P03']);

export const isDatabaseContention = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && CONTENTION_CODES.has(String((error as { code?: unknown }).code));

/** The options a server or command opens its database with. */
export const databaseOptions = (config: Pick<Config, 'databasePoolSize' | 'databasePreparedStatements' | 'databaseDirectUrl'>): DatabaseOptions =>
  ({ poolSize: config.databasePoolSize, preparedStatements: config.databasePreparedStatements, directUrl: config.databaseDirectUrl });

/** `postgres://...` for PostgreSQL, `sqlite:<path>` (or `sqlite::memory:`) for SQLite. */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: options.connectTimeoutMs ?? 0 });
    if (options.preparedStatements ?? true) pool.on('connect', prepareStatements);
    // An idle connection the server ended (a restart, a failover, a terminated backend) is dropped from the pool and
    // the next query opens a new one; unhandled, the pool's 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    const directUrl = options.directUrl ?? url;
    return { db, dialect: 'postgres', close: () => db.destroy(), poolStats, newClient: () => new pg.Client({ connectionString: directUrl }) };
  }
  if (!url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with postgres:// or sqlite: (got "${url}")`);
  const path = url.slice('sqlite:'.length);
  if (path !== ':memory:') {
    makePrivateDir(dirname(path));
    if (existsSync(path)) makeDatabasePrivate(path);
    else createPrivateFile(path);
  }
  return sqliteDatabase(new SQLite(path));
}

/** An open SQLite database (a file, or in memory) with the app's settings. */
export function sqliteDatabase(sqlite: SQLite.Database): DatabaseHandle {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) });
  // One connection, used synchronously: whenever it can be observed, it is idle.
  return { db, dialect: 'sqlite', close: () => db.destroy(), poolStats: () => ({ total: 1, idle: 1, waiting: 0 }) };
}

/**
 * Transactions take SQLite's write lock when they begin. Another process on the same file (the result runner beside
 * the server, a command) may commit between a deferred transaction's first read and its first write; SQLite then
 * refuses the write at once (SQLITE_BUSY_SNAPSHOT, or SQLITE_BUSY when both wait on each other) whatever the busy
 * timeout, and a bet save would fail. Begun immediate, a transaction waits its turn (busy_timeout) and then cannot
 * be refused halfway. Reads outside transactions still run beside any writer (WAL).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #settings: SqliteDialectConfig;

  constructor(settings: SqliteDialectConfig) {
    super(settings);
    this.#settings = settings;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#settings);
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver asks better-sqlite3 to prepare every statement again on each execution: a quarter of a bet
 * save's CPU. Prepared statements are kept by their SQL text instead (SQLite re-prepares them itself after a schema
 * change). A statement still being iterated (a streamed query) is busy: the same SQL then gets a fresh one.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string): SqliteStatement {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (!cached) {
        // Oldest first out: the app's statements are a few hundred fixed texts; IN lists of varying length churn.
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

async function migratorOf(handle: DatabaseHandle): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours so databases that hold
  // several schemas (one per test, or per tenant) never see each other's.
  const migrationTableSchema = handle.dialect === 'postgres'
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0].schema
    : undefined;
  return new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect), migrationTableSchema });
}

/**
 * Kysely's migrator looks for its tables by introspecting every table of every schema of the database, and
 * PostgreSQL fails that query when a schema, table or column is dropped while it runs (invalid_schema_name from
 * has_schema_privilege, undefined_table or undefined_column from pg_get_serial_sequence): another tenant's, or
 * another test's in a parallel run. Nothing of ours was touched (our own migrations' errors name their migration), so the step is
 * simply tried again.
 */
const DROPPED_MEANWHILE = new Set(['3F000', '42P01', '42703']);
const INTROSPECTION_ATTEMPTS = 5;

function droppedMeanwhile(error: unknown): boolean {
  return DROPPED_MEANWHILE.has(String((error as { code?: unknown } | undefined)?.code));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Names of the migrations this code knows that the database has not run (readiness: empty when up to date). */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const migrations = await (await migratorOf(handle)).getMigrations();
      return migrations.filter((migration) => !migration.executedAt).map((migration) => migration.name);
    } catch (error) {
      if (attempt >= INTROSPECTION_ATTEMPTS || !droppedMeanwhile(error)) throw error;
      await pause(50 * attempt);
    }
  }
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const migrator = await migratorOf(handle);
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    // Migrations already run are skipped on the next attempt.
    if (error && !failed && droppedMeanwhile(error) && attempt < INTROSPECTION_ATTEMPTS) {
      await pause(50 * attempt);
      continue;
    }
    if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    break;
  }
  await seedCatalogue(handle.db);
}
