import { Kysely } from 'kysely';

/**
 * Admin console: disabled accounts and last sign-in, archived competitions, the history of process runs
 * and the log of emails sent or failed (no bodies: reset and verification links carry tokens).
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres'
      ? col.generatedByDefaultAsIdentity().primaryKey()
      : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';

  await db.schema.alterTable('users').addColumn('disabled_at', time).execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', time).execute();
  await db.schema.alterTable('competitions').addColumn('archived_at', time).execute();

  // One row per process run, written when it starts (outcome 'running') and again when it ends.
  await db.schema.createTable('process_runs')
    .addColumn('id', idType, id)
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('trigger', 'varchar(20)', (c) => c.notNull())
    .addColumn('competition_id', idType, (c) => c.references('competitions.id').onDelete('set null'))
    .addColumn('started_by', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('updated_matches', 'integer')
    .addColumn('recomputed_bets', 'integer')
    .addColumn('notified', 'integer')
    .addColumn('created', 'integer')
    .addColumn('error', 'varchar(2000)')
    .execute();
  await db.schema.createIndex('process_runs_started').on('process_runs').columns(['started_at', 'id']).execute();
  await db.schema.createIndex('process_runs_kind').on('process_runs').columns(['kind', 'started_at']).execute();
  await db.schema.createIndex('process_runs_competition').on('process_runs').columns(['competition_id', 'started_at']).execute();

  // Each competition's latest sync from its provider, whichever run did it (update, update_all, update_competition,
  // an import): one row per competition, rewritten by every sync.
  await db.schema.createTable('competition_syncs')
    .addColumn('competition_id', idType, (c) => c.primaryKey().references('competitions.id').onDelete('cascade'))
    .addColumn('last_at', time, (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('error', 'varchar(2000)')
    .addColumn('last_success_at', time)
    .execute();

  await db.schema.createTable('mail_log')
    .addColumn('id', idType, id)
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('error', 'varchar(2000)')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_log_created').on('mail_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
}
