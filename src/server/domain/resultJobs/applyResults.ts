import type { Executor } from '../../platform/db/database';
import { isPostgres, notify } from '../../platform/db/notificationChannels';
import { finishRun, insertRun } from '../../platform/processRuns/processRuns';
import { recomputeAfterResults } from '../rescoring/recompute';
import { refreshCompetitionFinished } from './competitionFinished';
import { recordResultsForOdds } from '../fairOdds/recordResults';
import { insertJob, markSuperseded, openJobsForUpdate } from './resultJobsRepository';

/** The notification channel (per schema) on which a new result job is announced. */
export const RESULT_JOBS_CHANNEL = 'porra_result_jobs_';

/** Results just written to these matches, in the writer's transaction. */
interface ResultWrite {
  competitionId: number;
  matchIds: number[];
  /** An admin's edit (manual, with the admin) or a provider's sync (scheduled). */
  trigger: 'manual' | 'scheduled';
  startedBy?: number | null;
  now: number;
}

const scoredNow = (m: { finished: number; local_goals: number | null; visiting_goals: number | null }) =>
  m.finished === 1 && m.local_goals !== null && m.visiting_goals !== null;

const unique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/**
 * PostgreSQL: these competitions' rows held until the transaction ends, in id order. A writer of results takes them
 * before its first match write, and a result job's batch takes its competition before its job: so the two take
 * matches and jobs in one order (the batch that ends a job marks its matches) and never wait on each other. No key
 * update: rows that only refer to a competition are still written meanwhile.
 */
export async function holdCompetitionResults(db: Executor, competitionIds: number[]): Promise<void> {
  if (competitionIds.length === 0 || !isPostgres(db)) return;
  await db.selectFrom('competitions').select('id').where('id', 'in', unique(competitionIds)).orderBy('id').forNoKeyUpdate().execute();
}

/**
 * What every writer of results calls, in the transaction that wrote the matches (after holdCompetitionResults). First
 * the competition's finished flag follows the results (competitionFinished.ts) and the rating model records them
 * (domain/fairOdds: chances due in odds leagues sealed, ratings moved). A match whose result counts now, counted
 * before, or is in a job not finished yet changes the league tables: a result job (resultJobWorker.ts) applies it
 * league by league after the writer has committed, and its process run shows in the history. A newer job of the
 * competition supersedes the unfinished ones and takes over their matches and matchdays, starting again from the
 * first league, so every league ends on the latest results. Matches that change no table (in play, scheduled), or a
 * competition without leagues (an import), are scored here at once. The job's id, or null when there is none; the
 * caller kicks the worker once its transaction committed (kickResultJobs).
 */
export async function applyResults(db: Executor, write: ResultWrite): Promise<number | null> {
  await refreshCompetitionFinished(db, write.competitionId, write.now);
  const ids = unique(write.matchIds);
  await recordResultsForOdds(db, write.competitionId, ids, write.now);
  const open = await openJobsForUpdate(db, write.competitionId);
  const inJobs = new Set(open.flatMap((job) => job.matchIds));
  const matches = ids.length === 0 ? [] : await db.selectFrom('matches')
    .select(['id', 'matchday', 'finished', 'local_goals', 'visiting_goals', 'standings_scored'])
    .where('id', 'in', ids).where('competition_id', '=', write.competitionId).execute();
  const scored = matches.filter((m) => m.standings_scored === 1 || scoredNow(m) || inJobs.has(m.id));
  const leagues = await db.selectFrom('leagues').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('competition_id', '=', write.competitionId).executeTakeFirstOrThrow();
  if (scored.length === 0 || (Number(leagues.n) === 0 && open.length === 0)) {
    await recomputeAfterResults(db, write.competitionId, ids);
    return null;
  }
  const runId = await insertRun(db, {
    kind: 'apply_results', trigger: write.trigger, competitionId: write.competitionId, startedBy: write.startedBy ?? null,
  }, write.now);
  const jobId = await insertJob(db, {
    competitionId: write.competitionId,
    matchIds: unique([...inJobs, ...scored.map((m) => m.id)]),
    matchdays: unique([...open.flatMap((job) => job.matchdays), ...scored.map((m) => m.matchday)]),
    leaguesTotal: Number(leagues.n), processRunId: runId, now: write.now,
  });
  await markSuperseded(db, open.map((job) => job.id), jobId, write.now);
  // PostgreSQL: the result runners, wherever they run, hear of the job when (and only if) this transaction commits.
  if (isPostgres(db)) await notify(db, RESULT_JOBS_CHANNEL, String(jobId));
  for (const job of open) {
    if (job.processRunId !== null) await finishRun(db, job.processRunId, write.now, { changes: { updated_matches: job.matchIds.length } });
  }
  return jobId;
}
