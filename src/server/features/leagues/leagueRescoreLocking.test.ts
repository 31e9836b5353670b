import { sql } from 'kysely';
import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { lockStandings } from '../../domain/standings/standingsRefresh';
import { call } from '../../testing/harness';
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

    let release!: () => void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => { holding = resolve; });
    const batch = world.logged.transaction().execute(async (trx) => {
      await lockStandings(trx, { competitionId: w.cup.competitionId, leagueIds: [league.id] });
      holding();
      await released;
      await trx.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) })).where('id', '=', league.id).execute();
    });
    await held;
    const change = call(t.app, {
      method: 'PUT', url: api(`/leagues/${league.id}`), token: w.owner.token, payload: { league: { scoring: SCORING_PRESETS.kicktipp } },
    });
    for (;;) {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.deps.db);
      if (rows[0].n >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();

    await batch;
    const changed = await change;
    expect(changed.statusCode).toBe(200);
    expect(changed.data.league.scoring).toEqual(SCORING_PRESETS.kicktipp);
  });
});
