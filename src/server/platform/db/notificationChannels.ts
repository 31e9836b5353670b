import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from './database';

/**
 * PostgreSQL notification channels are named per schema, so databases sharing a server (tests, tenants) never mix.
 * The name is worked out by PostgreSQL itself, in the same expression for LISTEN and NOTIFY, so both agree.
 */
const channelExpression = (prefix: string) =>
  sql<string>`left(${prefix} || regexp_replace(lower(current_schema()), '[^a-z0-9_]', '_', 'g'), 63)`;

export async function notificationChannel(db: Executor, prefix: string): Promise<string> {
  const { rows } = await sql<{ channel: string }>`select ${channelExpression(prefix)} as channel`.execute(db);
  return rows[0].channel;
}

/** Sends `payload` on the prefix's channel: at once outside a transaction, when (and only if) it commits inside one. */
export async function notify(db: Executor, prefix: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channelExpression(prefix)}, ${payload})`.execute(db);
}

/** Whether `db` (a database or a transaction) talks to PostgreSQL, whose other processes listen for notifications. */
export const isPostgres = (db: Executor): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
