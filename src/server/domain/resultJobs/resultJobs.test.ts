import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { applyResults } from './applyResults';
import { applyNextBatch, DEFAULT_LIMITS } from './resultJobBatch';
import { claimJob } from './resultJobsRepository';
import { runResultJobs } from './resultJobWorker';
import { settleResultJobs } from './testing/settleResultJobs';
import { finishMatchday, recomputedStandings, resultJobWorld, storedStandings, type ResultJobWorld } from './testing/resultJobWorld';

jest.setTimeout(60_000);

const ONE_LEAGUE = { ...DEFAULT_LIMITS, leaguesPerBatch: 1 };

async function world(t: TestApp, leagues = 3, members = 4): Promise<ResultJobWorld> {
  return resultJobWorld(t.deps.db, { leagues, members, start: t.clock.now() - 86_400_000 });
}

/** A result written (the first matchday finished) and its job, as a writer's transaction records them. */
async function enterResult(t: TestApp, w: ResultJobWorld, seed: number): Promise<number> {
  return t.deps.db.transaction().execute(async (trx) => {
    await finishMatchday(trx, w, seed);
    const id = await applyResults(trx, { competitionId: w.cup.competitionId, matchIds: w.matchday, trigger: 'scheduled', now: t.clock.now() });
    return id!;
  });
}

const versions = async (t: TestApp, ids: number[]) => (await t.deps.db.selectFrom('leagues').select(['id', 'table_version'])
  .where('id', 'in', ids).orderBy('id').execute()).map((l) => l.table_version);

const job = (t: TestApp, id: number) => t.deps.db.selectFrom('result_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describeEachDb('result jobs', (ctx) => {
  it("an admin's result answers at once; the job then brings every league to what a full recompute stores, and the process history shows it", async () => {
    const t = ctx();
    const w = await world(t);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const res = await call(t.app, {
      method: 'PUT', url: `/api/v1/en/matches/${w.matchday[0]}`, token: admin.token,
      payload: { match: { status: 'finished', local_goals: 2, visiting_goals: 1 } },
    });
    expect(res.statusCode).toBe(200);
    const jobs = await t.deps.db.selectFrom('result_jobs').selectAll().execute();
    expect(jobs).toHaveLength(1);
    await settleResultJobs(t.deps);
    const stored = await storedStandings(t.deps.db, w.leagueIds);
    expect(stored.matchdays.length).toBeGreaterThan(0);
    expect(stored).toEqual(await recomputedStandings(t.deps.db, w));
    expect(await job(t, jobs[0].id)).toMatchObject({ status: 'done', leagues_done: 3, leagues_total: 3, cursor_league_id: Math.max(...w.leagueIds) });

    const history = await call(t.app, { method: 'GET', url: '/api/v1/en/admin/processes?kind=apply_results', token: admin.token });
    expect(history.statusCode).toBe(200);
    expect(history.data.runs).toEqual([expect.objectContaining({
      kind: 'apply_results', trigger: 'manual', outcome: 'done', updated_matches: 1, recomputed_bets: 3 * 4,
      started_by: { id: admin.id, name: expect.any(String) }, progress: { leagues_done: 3, leagues_total: 3 },
    })]);
  });

  it('applies a result league by league: each batch leaves its leagues wholly after and the others wholly before', async () => {
    const t = ctx();
    const w = await world(t);
    const before = await storedStandings(t.deps.db, w.leagueIds);
    const versionsBefore = await versions(t, w.leagueIds);
    const id = await enterResult(t, w, 1);
    expect(await claimJob(t.deps.db, id, 'worker', t.clock.now(), t.clock.now() + 60_000)).toBe(true);
    expect(await applyNextBatch(t.deps, id, 'worker', ONE_LEAGUE)).toBe('more');

    const [first, ...rest] = w.leagueIds;
    const midway = await storedStandings(t.deps.db, w.leagueIds);
    const after = await recomputedStandings(t.deps.db, w);
    const only = (s: typeof before, ids: number[]) => ({
      matchdays: s.matchdays.filter((r) => ids.includes(r.league_id)), members: s.members.filter((r) => ids.includes(r.league_id)),
    });
    expect(only(midway, [first])).toEqual(only(after, [first]));
    expect(only(midway, rest)).toEqual(only(before, rest));
    expect(only(after, rest)).not.toEqual(only(before, rest));
    const moved = await versions(t, w.leagueIds);
    expect(moved[0]).toBeGreaterThan(versionsBefore[0]);
    expect(await job(t, id)).toMatchObject({ status: 'running', leagues_done: 1, cursor_league_id: first });

    const progress = await t.deps.db.selectFrom('live_events').select(['kind', 'payload']).where('kind', '=', 'result_progress').execute();
    expect(progress.map((e) => JSON.parse(e.payload))).toEqual([
      { match_ids: w.matchday, league_ids: [first], leagues_done: 1, leagues_total: 3, finished: false },
    ]);
  });

  it('a correction during a job supersedes it: the old job stops at its next batch and every league ends on the latest result', async () => {
    const t = ctx();
    const w = await world(t);
    const old = await enterResult(t, w, 1);
    await claimJob(t.deps.db, old, 'old worker', t.clock.now(), t.clock.now() + 60_000);
    expect(await applyNextBatch(t.deps, old, 'old worker', ONE_LEAGUE)).toBe('more');
    const newer = await enterResult(t, w, 2);
    expect(await applyNextBatch(t.deps, old, 'old worker', ONE_LEAGUE)).toBe('stopped');
    expect(await job(t, old)).toMatchObject({ status: 'superseded', superseded_by: newer, leagues_done: 1 });
    expect(await job(t, newer)).toMatchObject({ status: 'pending', cursor_league_id: 0 });

    expect(await runResultJobs(t.deps, { limits: ONE_LEAGUE })).toBe(1);
    expect(await job(t, newer)).toMatchObject({ status: 'done', leagues_done: 3 });
    const stored = await storedStandings(t.deps.db, w.leagueIds);
    expect(stored).toEqual(await recomputedStandings(t.deps.db, w));
    const runs = await t.deps.db.selectFrom('process_runs').select(['outcome']).where('kind', '=', 'apply_results').execute();
    expect(runs.map((r) => r.outcome)).toEqual(['done', 'done']);
  });

  it("a job whose worker died resumes once its lease ran out, and batches run twice count nothing twice", async () => {
    const t = ctx();
    const w = await world(t, 4, 3);
    const id = await enterResult(t, w, 1);
    await claimJob(t.deps.db, id, 'dead worker', t.clock.now(), t.clock.now() + 60_000);
    await applyNextBatch(t.deps, id, 'dead worker', ONE_LEAGUE);
    await applyNextBatch(t.deps, id, 'dead worker', ONE_LEAGUE);
    // Held by the dead worker: nobody else takes it until its lease runs out.
    expect(await runResultJobs(t.deps)).toBe(0);
    t.clock.advance(DEFAULT_LIMITS.leaseMs + 1);
    expect(await runResultJobs(t.deps)).toBe(1);
    expect(await job(t, id)).toMatchObject({ status: 'done', leagues_done: 4 });
    // The dead worker, back, finds the job is no longer its own.
    expect(await applyNextBatch(t.deps, id, 'dead worker', ONE_LEAGUE)).toBe('stopped');
    const once = await storedStandings(t.deps.db, w.leagueIds);

    // Every batch again from the first league (as after a crash before the cursor was written).
    await t.deps.db.updateTable('result_jobs').set({ status: 'running', cursor_league_id: 0, leagues_done: 0, lease_owner: null, lease_until: null })
      .where('id', '=', id).execute();
    expect(await runResultJobs(t.deps, { limits: ONE_LEAGUE })).toBe(1);
    expect(await storedStandings(t.deps.db, w.leagueIds)).toEqual(once);
    expect(once).toEqual(await recomputedStandings(t.deps.db, w));
  });

  it('a match that changes no table (in play) makes no job; a withdrawn result does, and takes its points away', async () => {
    const t = ctx();
    const w = await world(t, 2, 3);
    const inPlay = await t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('matches').set({ started: 1, status: 'in_play', local_goals: 1, visiting_goals: 0 }).where('id', '=', w.matchday[0]).execute();
      return applyResults(trx, { competitionId: w.cup.competitionId, matchIds: [w.matchday[0]], trigger: 'scheduled', now: t.clock.now() });
    });
    expect(inPlay).toBeNull();
    await enterResult(t, w, 1);
    await settleResultJobs(t.deps);
    expect((await storedStandings(t.deps.db, w.leagueIds)).matchdays.length).toBeGreaterThan(0);
    const withdrawn = await t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('matches').set({ finished: 0, status: 'scheduled', started: 0, local_goals: null, visiting_goals: null })
        .where('id', 'in', w.matchday).execute();
      return applyResults(trx, { competitionId: w.cup.competitionId, matchIds: w.matchday, trigger: 'scheduled', now: t.clock.now() });
    });
    expect(withdrawn).not.toBeNull();
    await settleResultJobs(t.deps);
    expect((await storedStandings(t.deps.db, w.leagueIds)).matchdays).toEqual([]);
    const scored = await t.deps.db.selectFrom('matches').select('standings_scored').where('id', 'in', w.matchday).execute();
    expect(scored.every((m) => m.standings_scored === 0)).toBe(true);
  });
});
