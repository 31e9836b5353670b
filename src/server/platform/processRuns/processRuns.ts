import type { Executor } from '../db/database';
import type { AppDeps } from '../deps';
import type { PROCESS_KINDS } from '../../../shared/api/routes/adminOperations';

export type ProcessKind = (typeof PROCESS_KINDS)[number];

/**
 * The history of process runs: a row written when a run starts (outcome `running`) and completed when
 * it ends, whether an admin started it or the scheduler did. Only runs that got their lock are recorded: a refused
 * duplicate (409, or the scheduler finding it busy) changed nothing.
 */
export interface RunStart {
  kind: ProcessKind;
  trigger: 'manual' | 'scheduled';
  competitionId?: number | null;
  /** The admin who started it; absent for the scheduler. */
  startedBy?: number | null;
}

/** What a run changed, as far as its kind knows. */
export interface RunChanges {
  updated_matches?: number;
  recomputed_bets?: number;
  notified?: number;
  created?: boolean;
  /** Imports learn their competition while running. */
  competitionId?: number;
}

const ERROR_MAX_LENGTH = 2000;

/** Kinds that hold the same lock for one competition (updates/competitionSync competitionLockName). */
const COMPETITION_LOCK_KINDS: ProcessKind[] = ['update_competition', 'update_competition_points'];

export const INTERRUPTED_ERROR = 'interrupted: the server stopped before the run ended';

/**
 * The caller holds the run's lock, so no other run that needs it is still going: a row of such a run left `running`
 * belongs to a server process that stopped mid-run (its lock expired), and is closed as failed.
 */
async function closeInterruptedRuns(db: Executor, start: RunStart, now: number): Promise<void> {
  const sharesLock = start.competitionId != null && COMPETITION_LOCK_KINDS.includes(start.kind);
  let query = db.updateTable('process_runs').set({ outcome: 'failed', finished_at: now, error: INTERRUPTED_ERROR })
    .where('outcome', '=', 'running');
  query = sharesLock
    ? query.where('kind', 'in', COMPETITION_LOCK_KINDS).where('competition_id', '=', start.competitionId!)
    : query.where('kind', '=', start.kind);
  await query.execute();
}

async function startRun(db: Executor, start: RunStart, now: number): Promise<number> {
  await closeInterruptedRuns(db, start, now);
  return insertRun(db, start, now);
}

/**
 * A run's row (outcome `running`) written in the caller's transaction, for work that outlives any one lock and
 * process (a result job, which completes it with finishRun): nothing else of its kind is closed as interrupted.
 */
export async function insertRun(db: Executor, start: RunStart, now: number): Promise<number> {
  const row = await db.insertInto('process_runs').values({
    kind: start.kind, trigger: start.trigger, competition_id: start.competitionId ?? null, started_by: start.startedBy ?? null,
    started_at: now, outcome: 'running',
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(db: Executor, id: number, now: number, end: { changes?: RunChanges; error?: string }): Promise<void> {
  const changes = end.changes ?? {};
  await db.updateTable('process_runs').set({
    finished_at: now,
    outcome: end.error === undefined ? 'done' : 'failed',
    updated_matches: changes.updated_matches ?? null,
    recomputed_bets: changes.recomputed_bets ?? null,
    notified: changes.notified ?? null,
    created: changes.created === undefined ? null : changes.created ? 1 : 0,
    error: end.error === undefined ? null : end.error.slice(0, ERROR_MAX_LENGTH),
    ...(changes.competitionId !== undefined && { competition_id: changes.competitionId }),
  }).where('id', '=', id).execute();
}

/**
 * Runs `work` as a recorded run: its row is committed before the work starts (so the console shows it running) and
 * completed after, with what the work returned or the error that ended it (rethrown). Call it inside the process
 * lock. A failure to complete the row is logged, never hides the work's own outcome.
 */
export async function recordProcessRun<T extends RunChanges>(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>, start: RunStart, work: (runId: number) => Promise<T>,
): Promise<{ result: T; runId: number }> {
  const runId = await startRun(deps.db, start, deps.clock.now());
  const finish = async (end: { changes?: RunChanges; error?: string }) => {
    try {
      await finishRun(deps.db, runId, deps.clock.now(), end);
    } catch (error) {
      deps.log.error({ err: error, runId, process: start.kind }, 'could not record the end of a process run');
    }
  };
  let result: T;
  try {
    result = await work(runId);
  } catch (error) {
    await finish({ error: error instanceof Error ? error.message || error.name : String(error) });
    throw error;
  }
  await finish({ changes: result });
  return { result, runId };
}

/**
 * A competition's latest sync (the admin console's "last sync"): called after each competition a run syncs, with
 * the provider's error when it failed. Best effort: a failure to write it is logged, never fails the sync.
 */
export async function recordCompetitionSync(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log'>, competitionId: number, error?: unknown,
): Promise<void> {
  const now = deps.clock.now();
  const failed = error !== undefined;
  const message = failed ? (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH) : null;
  try {
    await deps.db.insertInto('competition_syncs')
      .values({ competition_id: competitionId, last_at: now, outcome: failed ? 'failed' : 'done', error: message, last_success_at: failed ? null : now })
      .onConflict((oc) => oc.column('competition_id').doUpdateSet({
        last_at: now, outcome: failed ? 'failed' : 'done', error: message,
        ...(!failed && { last_success_at: now }),
      }))
      .execute();
  } catch (logError) {
    deps.log.error({ err: logError, competitionId }, 'could not record a competition sync');
  }
}
