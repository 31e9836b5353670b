import type { AppDeps } from '../../platform/deps';
import type { Executor } from '../../platform/db/database';
import { finishRun } from '../../platform/processRuns/processRuns';
import { recomputePickPoints } from '../picks/pickScoring';
import { markStandingsScored } from '../rescoring/recompute';
import { publishResultEvents } from '../leagueEvents/resultEvents';
import { lockStandings, refreshMatchdayRows, refreshMemberTotals } from '../standings/standingsRefresh';
import { touchBatchTables } from '../standings/tableVersions';
import { holdCompetitionResults } from './applyResults';
import { advanceJob, finishJob, jobForUpdate, readJob, type ResultJob } from './resultJobsRepository';
import type { ResultProgressPayload } from './resultProgress';

export type WorkerDeps = Pick<AppDeps, 'db' | 'clock' | 'log' | 'live'>;

export interface BatchLimits {
  /** A batch takes leagues until their memberships reach this many (always at least one league)... */
  membersPerBatch: number;
  /** ...and at most this many leagues. */
  leaguesPerBatch: number;
  /** How long a worker holds its job after each batch: past it, another process may take the job over. */
  leaseMs: number;
}

/** The leagues a committed batch gave the result to. */
export interface AppliedBatch { competitionId: number; leagueIds: number[] }

export const DEFAULT_LIMITS: BatchLimits = { membersPerBatch: 20_000, leaguesPerBatch: 50, leaseMs: 60_000 };

/** The next leagues of the competition after `cursor`, in id order, within the batch's limits. */
async function nextLeagues(db: Executor, job: ResultJob, limits: BatchLimits): Promise<number[]> {
  const rows = await db.selectFrom('leagues as l').leftJoin('league_members as lm', 'lm.league_id', 'l.id')
    .select(['l.id', (eb) => eb.fn.count<number | string>('lm.user_id').as('members')])
    .where('l.competition_id', '=', job.competitionId).where('l.id', '>', job.cursorLeagueId)
    .groupBy('l.id').orderBy('l.id').limit(limits.leaguesPerBatch).execute();
  const ids: number[] = [];
  let members = 0;
  for (const row of rows) {
    if (ids.length > 0 && members + Number(row.members) > limits.membersPerBatch) break;
    ids.push(Number(row.id));
    members += Number(row.members);
  }
  return ids;
}

/**
 * Each league's stored standings rebuilt for the job's matchdays from the bets (never added to, so a batch that
 * runs twice after a crash writes the same rows), its pick points and totals re-summed, its ranked rows brought up
 * to date and its table's version moved: the whole league in this one transaction, under its own standings lock.
 */
async function applyToLeagues(db: Executor, job: ResultJob, leagueIds: number[], now: number): Promise<void> {
  const scope = { competitionId: job.competitionId, leagueIds };
  await lockStandings(db, scope);
  await refreshMatchdayRows(db, { ...scope, matchdays: job.matchdays }, 'replace');
  let picks = 0;
  for (const id of leagueIds) picks += await recomputePickPoints(db, job.competitionId, id);
  if (picks > 0) await refreshMemberTotals(db, scope);
  await touchBatchTables(db, job.competitionId, leagueIds, job.matchdays);
  await publishResultEvents(db, job.competitionId, leagueIds, await firstResults(db, job.matchIds), now);
}

/**
 * The job's matches whose result counts for the first time: a correction is not told to the chats again. Until the
 * job ends its matches are not marked as counted, so every batch sees the same first results.
 */
async function firstResults(db: Executor, matchIds: number[]): Promise<number[]> {
  const rows = await db.selectFrom('matches').select('id').where('id', 'in', matchIds).where('standings_scored', '=', 0)
    .where('finished', '=', 1).where('local_goals', 'is not', null).where('visiting_goals', 'is not', null).execute();
  return rows.map((row) => Number(row.id));
}

/** Real bets on the job's matches that count now: what the run re-scored, for the process history. */
async function scoredBets(db: Executor, matchIds: number[]): Promise<number> {
  const row = await db.selectFrom('result_bets as rb').innerJoin('matches as m', 'm.id', 'rb.match_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('m.id', 'in', matchIds).where('m.finished', '=', 1).where('rb.mode', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function publishProgress(deps: WorkerDeps, db: Executor, job: ResultJob, payload: Omit<ResultProgressPayload, 'match_ids'>) {
  await deps.live.publish(db, { competitionId: job.competitionId, kind: 'result_progress', payload: { match_ids: job.matchIds, ...payload } });
}

/**
 * One batch of the job in one transaction: the next leagues get the result and the cursor moves past them, or,
 * with no league left, the job ends (its matches marked as counted in the stored rows, its process run done).
 * `stopped` when the job is no longer this worker's: superseded by a newer job, or taken over after its lease ran out.
 * `afterCommit` is told the batch's leagues once their new tables are committed.
 */
export async function applyNextBatch(
  deps: WorkerDeps, jobId: number, owner: string, limits: BatchLimits, afterCommit: (batch: AppliedBatch) => void = () => {},
): Promise<'more' | 'done' | 'stopped'> {
  let applied: AppliedBatch = { competitionId: 0, leagueIds: [] };
  const outcome = await deps.db.transaction().execute(async (trx): Promise<'more' | 'done' | 'stopped'> => {
    const seen = await readJob(trx, jobId);
    if (!seen) return 'stopped';
    await holdCompetitionResults(trx, [seen.competitionId]);
    const job = await jobForUpdate(trx, jobId);
    if (!job || job.status !== 'running' || job.leaseOwner !== owner) return 'stopped';
    const now = deps.clock.now();
    const leagueIds = await nextLeagues(trx, job, limits);
    if (leagueIds.length === 0) {
      await markStandingsScored(trx, job.matchIds);
      await finishJob(trx, job.id, now);
      if (job.processRunId !== null) {
        await finishRun(trx, job.processRunId, now, { changes: { updated_matches: job.matchIds.length, recomputed_bets: await scoredBets(trx, job.matchIds) } });
      }
      await publishProgress(deps, trx, job, { league_ids: [], leagues_done: job.leaguesDone, leagues_total: Math.max(job.leaguesTotal, job.leaguesDone), finished: true });
      return 'done';
    }
    await applyToLeagues(trx, job, leagueIds, now);
    const done = job.leaguesDone + leagueIds.length;
    await advanceJob(trx, job.id, leagueIds.at(-1)!, done, now + limits.leaseMs);
    await publishProgress(deps, trx, job, { league_ids: leagueIds, leagues_done: done, leagues_total: Math.max(job.leaguesTotal, done), finished: false });
    applied = { competitionId: job.competitionId, leagueIds };
    return 'more';
  });
  if (outcome === 'more') afterCommit(applied);
  return outcome;
}
