import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { ProcessRun } from '../../../shared/api/routes/adminOperations';
import type { Executor } from '../../platform/db/database';
import type { ProcessRunsTable } from '../../platform/db/schema';

type ProcessRunView = Static<typeof ProcessRun>;

const iso = (ms: number) => new Date(ms).toISOString();

function runsQuery(db: Executor) {
  return db.selectFrom('process_runs as r')
    .leftJoin('competitions as c', 'c.id', 'r.competition_id')
    .leftJoin('users as u', 'u.id', 'r.started_by')
    .leftJoin('result_jobs as rj', 'rj.process_run_id', 'r.id')
    .select(['rj.leagues_done', 'rj.leagues_total',
      'r.id', 'r.kind', 'r.trigger', 'r.competition_id', 'c.name as competition_name', 'r.started_by', 'u.name as started_by_name',
      'r.started_at', 'r.finished_at', 'r.outcome', 'r.updated_matches', 'r.recomputed_bets', 'r.notified', 'r.created', 'r.error',
    ]);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runsQuery>['execute']>>[number];

function toProcessRun(row: RunRow): ProcessRunView {
  return {
    id: row.id,
    kind: row.kind as ProcessRunView['kind'],
    trigger: row.trigger,
    competition: row.competition_id !== null && row.competition_name !== null ? { id: row.competition_id, name: row.competition_name } : null,
    started_by: row.started_by !== null && row.started_by_name !== null ? { id: row.started_by, name: row.started_by_name } : null,
    started_at: iso(row.started_at),
    finished_at: row.finished_at === null ? null : iso(row.finished_at),
    duration_ms: row.finished_at === null ? null : Math.max(0, row.finished_at - row.started_at),
    outcome: row.outcome,
    updated_matches: row.updated_matches,
    recomputed_bets: row.recomputed_bets,
    notified: row.notified,
    created: row.created === null ? null : row.created === 1,
    error: row.error,
    ...(row.leagues_total !== null && { progress: { leagues_done: Math.min(row.leagues_done!, row.leagues_total), leagues_total: row.leagues_total } }),
  };
}

interface RunFilter {
  kind?: string; outcome?: ProcessRunsTable['outcome'];
  /** Also scheduled runs that changed nothing (see `idleRun`); left out unless asked for. */
  includeIdle?: boolean;
  limit: number; offset: number;
}

/**
 * A scheduled run that ended well and changed nothing: it recorded counts (what its kind changes) and every one is 0.
 * A run that records no counts (a backup) made something by running, so it is never idle; nor is a failed, running or
 * manual run.
 */
const idleRun = sql<boolean>`(r.trigger = 'scheduled' and r.outcome = 'done'
  and (r.updated_matches is not null or r.recomputed_bets is not null or r.notified is not null)
  and coalesce(r.updated_matches, 0) = 0 and coalesce(r.recomputed_bets, 0) = 0 and coalesce(r.notified, 0) = 0)`;

/** Newest first; ties (same millisecond) by id, so paging is stable. */
export async function listProcessRuns(db: Executor, filter: RunFilter): Promise<{ runs: ProcessRunView[]; total: number }> {
  let rows = runsQuery(db);
  let count = db.selectFrom('process_runs as r').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (filter.kind !== undefined) { rows = rows.where('r.kind', '=', filter.kind); count = count.where('r.kind', '=', filter.kind); }
  if (filter.outcome !== undefined) { rows = rows.where('r.outcome', '=', filter.outcome); count = count.where('r.outcome', '=', filter.outcome); }
  if (!filter.includeIdle) { rows = rows.where(sql<boolean>`not ${idleRun}`); count = count.where(sql<boolean>`not ${idleRun}`); }
  const [found, total] = await Promise.all([
    rows.orderBy('r.started_at', 'desc').orderBy('r.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { runs: found.map(toProcessRun), total: Number(total.n) };
}

export async function lastRunOf(db: Executor, kind: string): Promise<ProcessRunView | null> {
  const row = await runsQuery(db).where('r.kind', '=', kind).orderBy('r.started_at', 'desc').orderBy('r.id', 'desc').limit(1).executeTakeFirst();
  return row ? toProcessRun(row) : null;
}
