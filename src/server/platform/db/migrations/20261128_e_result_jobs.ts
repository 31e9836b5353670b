import type { Kysely } from 'kysely';

/**
 * result_jobs: a result applied to a competition's league tables in the background, league by league in batches.
 * The write that records the result inserts the job in its own transaction; workers (any server process) claim it
 * with a lease that expires, so another process resumes a job whose worker died. `cursor_league_id` is the last
 * league whose table holds the result (leagues are done in id order); a newer job of the same competition
 * supersedes an unfinished one and takes over its matches. `match_ids` and `matchdays` are JSON arrays.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres' ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';
  await db.schema.createTable('result_jobs')
    .addColumn('id', idType, id)
    .addColumn('competition_id', idType, (c) => c.notNull().references('competitions.id').onDelete('cascade'))
    .addColumn('match_ids', 'text', (c) => c.notNull())
    .addColumn('matchdays', 'text', (c) => c.notNull())
    // 'pending' | 'running' | 'done' | 'superseded'
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('cursor_league_id', idType, (c) => c.notNull().defaultTo(0))
    .addColumn('leagues_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('leagues_total', 'integer', (c) => c.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', time)
    .addColumn('process_run_id', idType, (c) => c.references('process_runs.id').onDelete('set null'))
    .addColumn('superseded_by', idType)
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('finished_at', time)
    .execute();
  await db.schema.createIndex('result_jobs_status').on('result_jobs').columns(['status', 'id']).execute();
  await db.schema.createIndex('result_jobs_competition').on('result_jobs').columns(['competition_id', 'status']).execute();
  await db.schema.createIndex('result_jobs_process_run').on('result_jobs').column('process_run_id').execute();
}
