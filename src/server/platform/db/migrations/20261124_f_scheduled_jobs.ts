import { Kysely } from 'kysely';

/**
 * The scheduler's due times: one row per scheduled job, shared by every server process. A process
 * runs a job only after claiming the period with one conditional UPDATE of `next_due_at`, so with any number of
 * processes each job runs once per period. The last_* columns say what the latest run did, for operators.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, _dialect: 'sqlite' | 'postgres'): Promise<void> {
  const time = 'bigint';
  await db.schema.createTable('scheduled_jobs')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('next_due_at', time, (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_started_at', time)
    .addColumn('last_finished_at', time)
    // 'done', 'failed', or 'busy' (the admin was running the same process)
    .addColumn('last_outcome', 'varchar(20)')
    .execute();
}
