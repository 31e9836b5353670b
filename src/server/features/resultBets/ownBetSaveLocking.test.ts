import { sql, type KyselyPlugin } from 'kysely';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call } from '../../testing/harness';
import { loggedPostgresEachTest } from '../../testing/loggedPostgres';
import { createLeague } from './testing/betsTestFixture';
import { saveOwnOpenBet } from './ownBetSave';

/**
 * Two server processes (WEB_CONCURRENCY) each write the saves they receive together in one statement. When both
 * batches hold the same bets (a player's two devices, a load test replaying one list of saves), neither may end up
 * holding a row the other waits for: PostgreSQL would break that cycle only after deadlock_timeout (a second), failing
 * one batch, whose saves would then run again one by one. Each process here is its own pool, so its own batch queue.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('ownBetSaveLocking.test.ts: TEST_DATABASE_URL is not set, two processes share PostgreSQL only');

onPostgres('batched bet saves of two processes over the same bets [postgres]', () => {
  const world = loggedPostgresEachTest(2);

  it('queue behind each other instead of deadlocking, and the later batch wins', async () => {
    const { db } = world.t.deps;
    const cup = await createCup(db, { start: world.t.clock.now() + 3 * 3_600_000 });
    const ana = await createUserWithToken(world.t.deps, { name: 'Ana' });
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }] });
    const index = await call(world.t.app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}`, token: ana.token });
    const [first, second] = (index.data as { id: number }[]).map((bet) => bet.id);
    expect(second).toBeDefined();
    const now = world.t.clock.now();

    // Process A is the app's pool, its statements that succeed counted; process B is the logged pool, every statement
    // it runs (a failed one too) logged.
    let aStatements = 0;
    const counting: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => { aStatements += 1; return args.result; } };
    const processA = db.withPlugin(counting);
    const processB = world.logged;
    const batch = (executor: typeof processA, betIds: number[], goals: number) => Promise.all(betIds.map((betId) =>
      saveOwnOpenBet(executor, 'postgres', { betId, userId: ana.id, local: goals, visiting: goals, now, signOk: true })));
    const waitingOnLocks = async (count: number) => {
      for (;;) {
        // Read through the app's pool: the blocking client's open transaction would see one snapshot of the view.
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%unnest(%'`.execute(db);
        if (rows[0].n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // Something else holds the first bet (a copy of bets, say): B's batch (first, second) waits for it, then A's
    // batch of the same bets in the other order arrives. Locked as listed, A would hold the second bet while waiting
    // for the first, which B gets next, and B would then wait for A.
    await world.client.query('BEGIN');
    await world.client.query('SELECT id FROM result_bets WHERE id = $1 FOR UPDATE', [first]);
    const b = batch(processB, [first, second], 1);
    await waitingOnLocks(1);
    const a = batch(processA, [second, first], 2);
    await waitingOnLocks(2);
    await world.client.query('COMMIT');

    const [savedByB, savedByA] = await Promise.all([b, a]);
    expect(savedByB.map((row) => row?.local_goals)).toEqual([1, 1]);
    expect(savedByA.map((row) => row?.local_goals)).toEqual([2, 2]);
    // One statement each: neither batch failed and ran again save by save.
    expect(world.statements.filter((s) => s.sql.includes('result_bets'))).toHaveLength(1);
    expect(aStatements).toBe(1);
    const stored = await db.selectFrom('result_bets').select(['id', 'local_goals']).where('id', 'in', [first, second]).orderBy('id').execute();
    expect(stored.map((row) => row.local_goals)).toEqual([2, 2]);
  });
});
