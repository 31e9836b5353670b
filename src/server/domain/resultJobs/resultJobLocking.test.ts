import { createUserWithToken } from '../../testing/fixtures';
import { call } from '../../testing/harness';
import { waitingOnLocks } from '../../testing/lockTurns';
import { loggedPostgresEachTest } from '../../testing/loggedPostgres';
import { applyResults } from './applyResults';
import { applyNextBatch, DEFAULT_LIMITS } from './resultJobBatch';
import { claimJob } from './resultJobsRepository';
import { settleResultJobs } from './testing/settleResultJobs';
import { finishMatchday, recomputedStandings, resultJobWorld, storedStandings } from './testing/resultJobWorld';

jest.setTimeout(60_000);

/**
 * An admin's correction arrives while a result job's last batch runs: the batch marks the job's matches as counted,
 * the correction writes one of them and then supersedes the job. PostgreSQL would break a cycle between the two only
 * after deadlock_timeout, failing one: the admin would get a 500, or the job's batch would run again.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('resultJobLocking.test.ts: TEST_DATABASE_URL is not set, the lock order is PostgreSQL\'s');

onPostgres('a correction beside the last batch of a result job [postgres]', () => {
  const world = loggedPostgresEachTest(1);

  it('queues behind the batch instead of deadlocking; both succeed and every league ends on the correction', async () => {
    const { t } = world;
    const { db } = t.deps;
    const w = await resultJobWorld(db, { leagues: 1, members: 3, start: t.clock.now() - 86_400_000 });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const now = t.clock.now();
    const jobId = (await db.transaction().execute(async (trx) => {
      await finishMatchday(trx, w, 1);
      return applyResults(trx, { competitionId: w.cup.competitionId, matchIds: w.matchday, trigger: 'scheduled', now });
    }))!;
    const limits = { ...DEFAULT_LIMITS, leaguesPerBatch: 1 };
    expect(await claimJob(db, jobId, 'worker', now, now + limits.leaseMs)).toBe(true);
    expect(await applyNextBatch(t.deps, jobId, 'worker', limits)).toBe('more');

    // Something holds the job for a moment (a batch of another worker finding it taken): the last batch waits, and
    // the admin's correction of a match of the job arrives meanwhile.
    await world.client.query('BEGIN');
    await world.client.query('SELECT id FROM result_jobs WHERE id = $1 FOR UPDATE', [jobId]);
    const lastBatch = applyNextBatch(t.deps, jobId, 'worker', limits);
    await waitingOnLocks(db, 1);
    const correction = call(t.app, {
      method: 'PUT', url: `/api/v1/en/matches/${w.matchday[0]}`, token: admin.token,
      payload: { match: { status: 'finished', local_goals: 4, visiting_goals: 4 } },
    });
    await waitingOnLocks(db, 2);
    await world.client.query('COMMIT');

    const [batchOutcome, edited] = await Promise.all([lastBatch, correction]);
    expect(edited.statusCode).toBe(200);
    expect(batchOutcome).toBe('done');
    await settleResultJobs(t.deps);
    const jobs = await db.selectFrom('result_jobs').select(['id', 'status']).orderBy('id').execute();
    expect(jobs.map((job) => job.status)).toEqual(['done', 'done']);
    expect(await storedStandings(db, w.leagueIds)).toEqual(await recomputedStandings(db, w));
  });
});
