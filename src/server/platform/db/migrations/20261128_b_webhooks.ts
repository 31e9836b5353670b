import type { Kysely } from 'kysely';

/**
 * league_webhooks: a league's connection to a chat (Discord, Slack, Teams) or a JSON endpoint, the events it takes
 * (comma-separated) and the secret its JSON deliveries are signed with. `failing_since` is when its deliveries began
 * to fail (none: the last one arrived); `disabled_at` when it was switched off after failing for a day.
 * webhook_deliveries: the outbox, one row per hook and event, written in the transaction of what caused it and sent
 * by the delivery job, in order per hook; `locked_until` is the lease of the process sending it.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres' ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('league_webhooks')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('events', 'varchar(100)', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_by', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('failing_since', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .execute();
  await db.schema.createIndex('league_webhooks_league').on('league_webhooks').column('league_id').execute();
  await db.schema.createTable('webhook_deliveries')
    .addColumn('id', idType, id)
    .addColumn('webhook_id', idType, (c) => c.notNull().references('league_webhooks.id').onDelete('cascade'))
    .addColumn('event', 'varchar(20)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'pending' | 'delivered' | 'failed'
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhook_deliveries_hook').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
}
