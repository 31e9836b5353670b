import type { Executor } from '../db/database';
import type { ScheduledJobsTable } from '../db/schema';

export type JobOutcome = NonNullable<ScheduledJobsTable['last_outcome']>;

/**
 * Creates the job's row when absent (first due at `firstDueAt`), never moving an existing schedule forward. When
 * the period was shortened since the row was written, a due time further away than one new period comes closer;
 * but not when another process claimed a run after `now` was read (a process starting while others run): that
 * claim set the due time from a later clock, and pulling it back to `now + everyMs` would let the next run come
 * less than a period after it.
 */
export async function seedScheduledJob(db: Executor, name: string, firstDueAt: number, now: number, everyMs: number): Promise<void> {
  await db.insertInto('scheduled_jobs').values({ name, next_due_at: firstDueAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db.updateTable('scheduled_jobs').set({ next_due_at: now + everyMs })
    .where('name', '=', name).where('next_due_at', '>', now + everyMs)
    .where((eb) => eb.or([eb('last_started_at', 'is', null), eb('last_started_at', '<', now)]))
    .execute();
}

/**
 * Claims this period's run of a due job: one conditional UPDATE, so of any number of processes asking at once
 * exactly one sees its row change (the others find the next due time already moved on). The next period counts
 * from now, so a process that was down does not run a backlog of missed periods.
 */
export async function claimDueRun(db: Executor, name: string, now: number, everyMs: number): Promise<boolean> {
  const result = await db.updateTable('scheduled_jobs')
    .set((eb) => ({ next_due_at: now + everyMs, last_started_at: now, runs: eb('runs', '+', 1) }))
    .where('name', '=', name).where('next_due_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordRunOutcome(db: Executor, name: string, outcome: JobOutcome, finishedAt: number): Promise<void> {
  await db.updateTable('scheduled_jobs').set({ last_outcome: outcome, last_finished_at: finishedAt })
    .where('name', '=', name).execute();
}

/** When each named job is next due (admin console); jobs that were never scheduled on this database are absent. */
export async function nextDueTimes(db: Executor, names: string[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom('scheduled_jobs').select(['name', 'next_due_at']).where('name', 'in', names).execute();
  return new Map(rows.map((row) => [row.name, row.next_due_at]));
}
