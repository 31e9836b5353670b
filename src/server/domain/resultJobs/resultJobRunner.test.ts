import { buildApp } from '../../app';
import { call, describeEachDb, testConfig, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { startResultJobRunner } from './resultJobRunner';
import { applyResults } from './applyResults';
import { finishMatchday, resultJobWorld } from './testing/resultJobWorld';

jest.setTimeout(60_000);

async function until(what: string, probe: () => Promise<boolean>, withinMs = 20_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const jobStatus = async (t: TestApp) => (await t.deps.db.selectFrom('result_jobs').select('status').execute()).map((j) => j.status);

describeEachDb('result jobs off the serving process', (ctx) => {
  it('a server whose jobs run in a runner applies none itself; the runner, woken, applies them and tells what it applied', async () => {
    const base = ctx();
    // The same database served by an app that hands its jobs to a runner (RESULT_JOBS=runner).
    const built = await buildApp({ config: testConfig({ resultJobs: 'runner' }), database: base.database, clock: base.clock, mailer: base.mailer, logger: false });
    const served = { ...base, ...built };
    try {
      const w = await resultJobWorld(served.deps.db, { leagues: 2, members: 3, start: served.clock.now() - 86_400_000 });
      const admin = await createUserWithToken(served.deps, { is_admin: true });
      const res = await call(served.app, {
        method: 'PUT', url: `/api/v1/en/matches/${w.matchday[0]}`, token: admin.token,
        payload: { match: { status: 'finished', local_goals: 2, visiting_goals: 1 } },
      });
      expect(res.statusCode).toBe(200);
      await new Promise((done) => setTimeout(done, 300));
      expect(await jobStatus(served)).toEqual(['pending']);

      const batches: number[][] = [];
      const runner = startResultJobRunner(base.deps, { pollMs: 60_000, afterBatch: (batch) => batches.push(batch.leagueIds) });
      try {
        runner.wake();
        await until('the job applied', async () => (await jobStatus(served)).every((s) => s === 'done'));
        expect(batches.flat().sort((a, b) => a - b)).toEqual([...w.leagueIds].sort((a, b) => a - b));
        const table = await call(served.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${w.leagueIds[0]}`, token: admin.token });
        expect(table.data.last_played_matchday).toBe(1);
      } finally {
        await runner.stop();
      }
    } finally {
      await built.app.close();
    }
  });

  it('a runner stopped mid-job releases it after its batch in progress; another runner finishes it', async () => {
    const t = ctx();
    const w = await resultJobWorld(t.deps.db, { leagues: 4, members: 3, start: t.clock.now() - 86_400_000 });
    const limits = { leaguesPerBatch: 1 };
    // A result recorded as a writer records it, without waking anyone: only the runners below apply it.
    await t.deps.db.transaction().execute(async (trx) => {
      await finishMatchday(trx, w, 1);
      await applyResults(trx, { competitionId: w.cup.competitionId, matchIds: w.matchday, trigger: 'scheduled', now: t.clock.now() });
    });
    let first: ReturnType<typeof startResultJobRunner> | null = null;
    let batches = 0;
    first = startResultJobRunner(t.deps, {
      pollMs: 60_000, limits, afterBatch: () => { batches += 1; if (batches === 1) void first!.stop(); },
    });
    first.wake();
    await until('the first runner stopped', async () => batches >= 1);
    await first.stop();
    const halfway = await t.deps.db.selectFrom('result_jobs').selectAll().executeTakeFirstOrThrow();
    expect(halfway).toMatchObject({ lease_owner: null, lease_until: null });
    expect(halfway.status).not.toBe('done');
    expect(halfway.leagues_done).toBeGreaterThan(0);
    const second = startResultJobRunner(t.deps, { pollMs: 60_000 });
    second.wake();
    await until('the job applied', async () => (await jobStatus(t)).every((s) => s === 'done'));
    await second.stop();
  });
});
