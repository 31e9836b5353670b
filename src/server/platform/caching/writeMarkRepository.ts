import { CompiledQuery } from 'kysely';
import type { Executor } from '../db/database';

/**
 * Values that change whenever something is written to the database, so a cached read can be checked with
 * one trivial statement. Compiled once: on the hot path Kysely's query building costs more than SQLite.
 */
const SQLITE_OWN_WRITES = CompiledQuery.raw('select total_changes() as mark');
const SQLITE_OTHER_CONNECTIONS = CompiledQuery.raw('select data_version as mark from pragma_data_version');
const POSTGRES_ANY_WRITE = CompiledQuery.raw('select pg_current_snapshot()::text as mark');

async function mark(db: Executor, query: CompiledQuery): Promise<string> {
  const { rows } = await db.executeQuery<{ mark: string | number }>(query);
  return String(rows[0]?.mark);
}

/** SQLite: rows changed through this connection (every write of this process) since it opened. */
export const sqliteOwnWritesMark = (db: Executor) => mark(db, SQLITE_OWN_WRITES);

/** SQLite: moves when another connection (another process, such as the CLI) commits. */
export const sqliteOtherConnectionsMark = (db: Executor) => mark(db, SQLITE_OTHER_CONNECTIONS);

/**
 * PostgreSQL: the current snapshot (xmin:xmax:in-progress ids) decides which writes a read sees, and it
 * changes as soon as any transaction in the cluster starts writing or ends; equal snapshots see equal data.
 */
export const postgresWriteMark = (db: Executor) => mark(db, POSTGRES_ANY_WRITE);
