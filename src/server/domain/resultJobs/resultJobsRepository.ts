import { PostgresAdapter } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { ResultJobsTable } from '../../platform/db/schema';

/** A result job as the worker reads it (match ids and matchdays parsed). */
export interface ResultJob {
  id: number; competitionId: number; matchIds: number[]; matchdays: number[]; status: ResultJobsTable['status'];
  cursorLeagueId: number; leaguesDone: number; leaguesTotal: number; leaseOwner: string | null; processRunId: number | null;
}

const JOB_COLUMNS = [
  'id', 'competition_id', 'match_ids', 'matchdays', 'status', 'cursor_league_id', 'leagues_done', 'leagues_total',
  'lease_owner', 'process_run_id',
] as const;

type JobRow = Pick<ResultJobsTable, 'match_ids' | 'matchdays' | 'status' | 'lease_owner' | 'process_run_id'>
  & { id: number; competition_id: number; cursor_league_id: number; leagues_done: number; leagues_total: number };

const toJob = (row: JobRow): ResultJob => ({
  id: Number(row.id), competitionId: Number(row.competition_id), matchIds: JSON.parse(row.match_ids) as number[],
  matchdays: JSON.parse(row.matchdays) as number[], status: row.status, cursorLeagueId: Number(row.cursor_league_id),
  leaguesDone: row.leagues_done, leaguesTotal: row.leagues_total, leaseOwner: row.lease_owner,
  processRunId: row.process_run_id === null ? null : Number(row.process_run_id),
});

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Jobs not finished nor superseded. */
const OPEN: ResultJobsTable['status'][] = ['pending', 'running'];

/**
 * The competition's open jobs, held until the caller's transaction ends (PostgreSQL: a worker's batch holds its
 * job's row, so a newer job waits for the batch in progress, and the batch after it sees the job superseded).
 */
export async function openJobsForUpdate(db: Executor, competitionId: number): Promise<ResultJob[]> {
  const rows = await db.selectFrom('result_jobs').select(JOB_COLUMNS)
    .where('competition_id', '=', competitionId).where('status', 'in', OPEN).orderBy('id')
    .$if(isPostgres(db), (qb) => qb.forUpdate()).execute();
  return rows.map(toJob);
}

export async function insertJob(
  db: Executor, job: { competitionId: number; matchIds: number[]; matchdays: number[]; leaguesTotal: number; processRunId: number; now: number },
): Promise<number> {
  const row = await db.insertInto('result_jobs').values({
    competition_id: job.competitionId, match_ids: JSON.stringify(job.matchIds), matchdays: JSON.stringify(job.matchdays),
    status: 'pending', leagues_total: job.leaguesTotal, process_run_id: job.processRunId, created_at: job.now,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function markSuperseded(db: Executor, jobIds: number[], by: number, now: number): Promise<void> {
  if (jobIds.length === 0) return;
  await db.updateTable('result_jobs').set({ status: 'superseded', superseded_by: by, finished_at: now, lease_owner: null, lease_until: null })
    .where('id', 'in', jobIds).execute();
}

/** Open jobs nobody holds (never claimed, released, or whose worker's lease ran out), oldest first. */
export async function claimableJobIds(db: Executor, now: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('result_jobs').select('id').where('status', 'in', OPEN)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('id').limit(limit).execute();
  return rows.map((r) => Number(r.id));
}

/** One conditional UPDATE: true when this owner now holds the job until `until`. */
export async function claimJob(db: Executor, jobId: number, owner: string, now: number, until: number): Promise<boolean> {
  const result = await db.updateTable('result_jobs').set({ status: 'running', lease_owner: owner, lease_until: until })
    .where('id', '=', jobId).where('status', 'in', OPEN)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The job as it is now, not held. */
export async function readJob(db: Executor, jobId: number): Promise<ResultJob | null> {
  const row = await db.selectFrom('result_jobs').select(JOB_COLUMNS).where('id', '=', jobId).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** The job, held until the caller's transaction ends (PostgreSQL). */
export async function jobForUpdate(db: Executor, jobId: number): Promise<ResultJob | null> {
  const row = await db.selectFrom('result_jobs').select(JOB_COLUMNS).where('id', '=', jobId)
    .$if(isPostgres(db), (qb) => qb.forUpdate()).executeTakeFirst();
  return row ? toJob(row) : null;
}

/** After a batch: the last league done, how many are done, and the lease renewed. */
export async function advanceJob(db: Executor, jobId: number, cursor: number, done: number, leaseUntil: number): Promise<void> {
  await db.updateTable('result_jobs').set({ cursor_league_id: cursor, leagues_done: done, lease_until: leaseUntil }).where('id', '=', jobId).execute();
}

export async function finishJob(db: Executor, jobId: number, now: number): Promise<void> {
  await db.updateTable('result_jobs').set({ status: 'done', finished_at: now, lease_owner: null, lease_until: null }).where('id', '=', jobId).execute();
}

/** A worker that stops (shutdown, a failed batch) lets any process take the job at once. */
export async function releaseJob(db: Executor, jobId: number, owner: string): Promise<void> {
  await db.updateTable('result_jobs').set({ lease_owner: null, lease_until: null }).where('id', '=', jobId).where('lease_owner', '=', owner).execute();
}

/** Whether any job is open (pending or running, held or not). */
export async function hasOpenJobs(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('result_jobs').select('id').where('status', 'in', OPEN).limit(1).executeTakeFirst();
  return row !== undefined;
}
