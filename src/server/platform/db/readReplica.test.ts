import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../app';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, CapturingMailer, openTestDatabase, testConfig, type TestDatabase } from '../../testing/harness';
import { ManualClock } from '../../testing/manualClock';
import { createLeague, finishMatch } from '../../features/resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;
const replicaUrl = process.env.TEST_REPLICA_URL;
const withReplica = process.env.TEST_DATABASE_URL && replicaUrl ? describe : describe.skip;
if (!replicaUrl) console.log('readReplica.test.ts: TEST_REPLICA_URL is not set (scripts/replica.sh starts one), reads on a replica are not tested');

/** Runs `statement` on the replica itself, as its superuser (pausing and resuming its replay, ending sessions). */
async function onReplica(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

/** The replica's address for the test's schema (the replica holds the primary's schemas). */
function replicaFor(database: TestDatabase): string {
  const url = new URL(replicaUrl!);
  const options = new URL(database.serverEnv.DATABASE_URL).searchParams.get('options');
  if (options) url.searchParams.set('options', options);
  return url.toString();
}

/**
 * A real streaming replica of the test server: tables and reference data are read there once it has caught up, a
 * player's own reads stay on the primary, a lagging replica is never read for what the primary has moved past, and a
 * stopped one sends reads back to the primary.
 */
withReplica('reads on a streaming replica', () => {
  let database: TestDatabase;
  let built: Awaited<ReturnType<typeof buildApp>>;
  const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));

  async function start(replica: string) {
    built = await buildApp({ config: testConfig({ databaseReplicaUrl: replica }), database, clock, mailer: new CapturingMailer(), logger: false });
  }
  afterEach(async () => {
    await onReplica('select pg_wal_replay_resume()');
    await built.app.close();
    await database.close();
  });
  beforeEach(async () => { database = await openTestDatabase('postgres'); });

  async function served(): Promise<Record<string, number>> {
    const { text } = await built.deps.metrics.render();
    return Object.fromEntries([...text.matchAll(/porra_replica_reads_total\{served="(\w+)"\} (\d+)/g)].map(([, key, n]) => [key, Number(n)]));
  }

  /** A league of two with a bet each on the first match, and a way to play a match and read the table. */
  async function league() {
    const { db } = built.deps;
    const cup = await createCup(db, { start: clock.now() + HOUR });
    const [ana, bob] = await Promise.all(['Ana', 'Bob'].map((name) => createUserWithToken(built.deps, { name })));
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }, { id: bob.id }] });
    const [first, second] = cup.groupMatchIds;
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [ana, bob].flatMap(({ id }, i) => [first, second].map((match_id) => (
      { league_id: leagueId, user_id: id, match_id, local_goals: i, visiting_goals: 0, updated_at: 0 }))))).execute();
    clock.set(clock.now() + 3 * HOUR);
    // Through the current app's database, whose writes reach that app's caches.
    const play = async (matchId: number, home: number, away: number) => {
      await finishMatch(built.deps.db, matchId, home, away);
      await recomputeAfterResults(built.deps.db, cup.competitionId, [matchId]);
    };
    const table = async () => {
      const res = await call(built.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}`, token: ana.token });
      expect(res.statusCode).toBe(200);
      return Object.fromEntries((res.data.users as { user_id: number; points: number }[]).map((u) => [u.user_id, u.points]));
    };
    return { cup, ana, bob, first, second, play, table };
  }

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp(): Promise<void> {
    const { rows: [{ lsn }] } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(database.db);
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      for (let i = 0; i < 200; i++) {
        if ((await client.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [lsn])).rows[0].done) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the replica did not catch up within 5 s');
    } finally { await client.end(); }
  }

  it('serves tables and reference data once caught up; a lagging replica is passed over, never read stale', async () => {
    await start(replicaFor(database));
    const { bob, first, second, play, table, cup } = await league();
    await play(first, 1, 0);
    await caughtUp();
    expect(await table()).toMatchObject({ [bob.id]: expect.any(Number) });
    expect((await served()).replica).toBe(1);
    // Reference data goes there only once the replica has replayed everything the primary had written when asked
    // (other writes on a busy server may keep it a little behind): either way it is answered, counted once.
    const matches = await call(built.app, { method: 'GET', url: `/api/v1/en/matches/index/${cup.competitionId}` });
    expect(matches.statusCode).toBe(200);
    const afterMatches = await served();
    expect((afterMatches.replica ?? 0) + (afterMatches.primary_lagging ?? 0)).toBe(2);

    // The replica stops replaying: a new result moves the table's version on the primary, and the table shows it.
    await onReplica('select pg_wal_replay_pause()');
    const before = await table();
    await play(second, 0, 0);
    const after = await table();
    expect(after).not.toEqual(before);
    expect((await served()).primary_lagging).toBeGreaterThanOrEqual(1);

    await onReplica('select pg_wal_replay_resume()');
    await caughtUp();
    const replicaBefore = (await served()).replica;
    await play(first, 2, 0); // a correction: a new version, read on the replica now it has caught up
    await caughtUp();
    expect(await table()).not.toEqual(after);
    expect((await served()).replica).toBe(replicaBefore + 1);
  });

  it('a player reads her own bet back at once while the replica lags', async () => {
    await start(replicaFor(database));
    await onReplica('select pg_wal_replay_pause()');
    const { db } = built.deps;
    const cup = await createCup(db, { start: clock.now() + HOUR });
    const ana = await createUserWithToken(built.deps, { name: 'Ana' });
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }] });
    const bets = async () => (await call(built.app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}?matchday=1`, token: ana.token }))
      .data as { id: number; local_goals: number | null; visiting_goals: number | null }[];
    const [bet] = await bets();
    const saved = await call(built.app, { method: 'POST', url: '/api/v1/en/result_bets/update_result_bet', token: ana.token,
      payload: { result_bet_id: bet.id, local_goals: 2, visiting_goals: 1 } });
    expect(saved.statusCode).toBe(200);
    expect((await bets()).find(({ id }) => id === bet.id)).toMatchObject({ local_goals: 2, visiting_goals: 1 });
  });

  it('a stopped replica sends reads back to the primary; one that ends its sessions does not stop reads', async () => {
    await start('postgres://postgres:postgres@127.0.0.1:9/porra'); // nothing listens there: a replica that is down
    const { bob, first, play, table } = await league();
    await play(first, 1, 0);
    expect(await table()).toMatchObject({ [bob.id]: expect.any(Number) });
    expect(await served()).toMatchObject({ primary_unavailable: 1 });
    await built.app.close();

    await start(replicaFor(database));
    await play(first, 0, 1);
    await caughtUp();
    await table();
    expect((await served()).replica).toBe(1);
    // The replica ends every session (a restart): the read is answered (by the replica on a new connection, or by
    // the primary if it tried a connection the replica had just ended), and the process goes on.
    const answeredBefore = await served();
    await onReplica("select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()");
    await play(first, 3, 1);
    await caughtUp();
    expect(await table()).toMatchObject({ [bob.id]: expect.any(Number) });
    const answered = await served();
    expect((answered.replica ?? 0) + (answered.primary_unavailable ?? 0)).toBe((answeredBefore.replica ?? 0) + (answeredBefore.primary_unavailable ?? 0) + 1);
  });
});
