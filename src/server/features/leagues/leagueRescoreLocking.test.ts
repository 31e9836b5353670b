import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { call } from '../../testing/harness';
import { batchHoldingStandings, waitingOnLocks } from '../../testing/lockTurns';
import { loggedPostgresEachTest } from '../../testing/loggedPostgres';
import { CUP_START, api, leagueWithMember, leagueWorld } from './testing/leagueTestKit';

/**
 * An owner changes a running league's rules while a result job's batch is rewriting that league: the batch holds the
 * league's standings and then moves the league's table version. PostgreSQL would break a cycle between the two only
 * after deadlock_timeout, failing one: the owner would get a 500, or the batch would run again.
 */
const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('leagueRescoreLocking.test.ts: TEST_DATABASE_URL is not set, the lock order is PostgreSQL\'s');

onPostgres('a league rescored beside a result job\'s batch [postgres]', () => {
  const world = loggedPostgresEachTest(1);

  it('the rules change waits for the batch instead of deadlocking with it, and both succeed', async () => {
    const { t } = world;
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { editable_after_start: true });
    t.clock.set(CUP_START + 3_600_000);

    const batch = batchHoldingStandings(world.logged, { competitionId: w.cup.competitionId, leagueIds: [league.id] },
      (trx) => trx.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) })).where('id', '=', league.id).execute());
    await batch.held;
    const change = call(t.app, {
      method: 'PUT', url: api(`/leagues/${league.id}`), token: w.owner.token, payload: { league: { scoring: SCORING_PRESETS.kicktipp } },
    });
    await waitingOnLocks(t.deps.db, 1);
    batch.release();

    await batch.done;
    const changed = await change;
    expect(changed.statusCode).toBe(200);
    expect(changed.data.league.scoring).toEqual(SCORING_PRESETS.kicktipp);
  });
});
