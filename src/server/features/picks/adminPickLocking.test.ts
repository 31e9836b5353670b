import { sql } from 'kysely';
import { batchHoldingStandings, waitingOnLocks } from '../../testing/lockTurns';
import { loggedPostgresEachTest } from '../../testing/loggedPostgres';
import { HOUR, ROUND, drawSemis, fillRound, pickWorld, ruleOf, setClock } from './testing/pickTestFixtures';

/**
 * An admin fills a member's pick once its round is decided, so it is scored at once, while a result job's batch is
 * rewriting that league: the batch holds the league's standings and then rescores its picks. PostgreSQL would break a
 * cycle between the two only after deadlock_timeout, failing one: the admin would get a 500, or the batch would run
 * again.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('adminPickLocking.test.ts: TEST_DATABASE_URL is not set, the lock order is PostgreSQL\'s');

onPostgres('an admin\'s pick scored beside a result job\'s batch [postgres]', () => {
  const world = loggedPostgresEachTest(1);

  it('waits for the batch instead of deadlocking with it; both succeed and the pick has its points', async () => {
    const { t } = world;
    const w = await pickWorld(t);
    const [a1, a2, , , b1, b2] = w.cup.teamIds;
    await drawSemis(t.deps.db, w, [a1, b2, b1, a2]);
    await setClock(t, w, w.semisStart + HOUR);

    const batch = batchHoldingStandings(world.logged, { competitionId: w.cup.competitionId, leagueIds: [w.leagueId] },
      (trx) => sql`UPDATE round_bets SET points = points WHERE league_id = ${w.leagueId}`.execute(trx));
    await batch.held;
    const pick = fillRound(t, w.admin.token, {
      league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), team_id: a1, user_id: w.member.id, mode: 0,
    });
    await waitingOnLocks(t.deps.db, 1);
    batch.release();

    await batch.done;
    expect((await pick).statusCode).toBe(200);
    const stored = await t.deps.db.selectFrom('round_bets').select('points').where('user_id', '=', w.member.id).executeTakeFirstOrThrow();
    expect(Number(stored.points)).toBeGreaterThan(0);
  });
});
