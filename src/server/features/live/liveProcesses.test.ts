import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { systemClock } from '../../platform/clock';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { startServerProcess, type ServerProcess } from '../../testing/serverProcess';
import { loadJwtSecret } from '../../platform/sessions/tokens';
import { isEvent, openStream } from './testing/liveTestKit';

// Two real server processes (compiled once per file) over one PostgreSQL schema, on a shared 2-core machine.
jest.setTimeout(180_000);
const base = process.env.TEST_DATABASE_URL;
const describePostgres = base ? describe : describe.skip;

describePostgres('live events across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let handle: DatabaseHandle;
  let a: ServerProcess;
  let b: ServerProcess;
  let world: {
    leagueId: number; matchId: number;
    admin: { token: string }; member: { id: number; token: string };
  };

  const admin = async (sqlText: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try { return await client.query(sqlText); } finally { await client.end(); }
  };

  beforeAll(async () => {
    await admin(`CREATE SCHEMA ${schema}`);
    const url = new URL(base!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const env = { DATABASE_URL: url.toString(), LIVE_HEARTBEAT_MS: '1000' };
    // One after the other: the first migrates the schema.
    a = await startServerProcess(env, 90_000);
    b = await startServerProcess(env, 90_000);
    handle = openDatabase(url.toString(), { poolSize: 2 });
    const deps = { db: handle.db, clock: systemClock, jwtSecret: await loadJwtSecret(handle.db, null) } as AppDeps;
    const cup = await createCup(handle.db, { start: Date.now() + 3 * 86_400_000 });
    const owner = await createUserWithToken(deps, { email_verified: true });
    const member = await createUserWithToken(deps, { email_verified: true });
    const adminUser = await createUserWithToken(deps, { is_admin: true, email_verified: true });
    const created = await fetch(`${a.origin}/api/v1/en/leagues`, {
      method: 'POST', headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ league: { name: 'Two processes', competition_id: cup.competitionId } }),
    });
    const { league } = (await created.json()) as { league: { id: number; share_token: string } };
    const joined = await fetch(`${b.origin}/api/v1/en/leagues/join`, {
      method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ league_id: league.id, invitation_token: league.share_token }),
    });
    expect(joined.status).toBe(200);
    world = { leagueId: league.id, matchId: cup.groupMatchIds[0], admin: adminUser, member };
  });

  afterAll(async () => {
    await Promise.all([a?.terminate(), b?.terminate()]);
    await handle?.close();
    await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  const enterScore = (local: number, visiting: number) => fetch(`${a.origin}/api/v1/en/matches/${world.matchId}`, {
    method: 'PUT', headers: { authorization: `Bearer ${world.admin.token}`, 'content-type': 'application/json' },
    // Kicked off a minute ago: the bet window has closed, so the table may be provisional.
    body: JSON.stringify({ match: { status: 'in_play', local_goals: local, visiting_goals: visiting, date: new Date(Date.now() - 60_000).toISOString() } }),
  });

  it('an update made through one process reaches a client streaming from the other', async () => {
    const stream = await openStream(b.origin, world.leagueId, world.member.token);
    expect(stream.status).toBe(200);
    expect((await enterScore(1, 0)).status).toBe(200);
    const matches = await stream.next(isEvent('matches'), 20_000);
    expect(matches.data.matches[0]).toMatchObject({ id: world.matchId, local_goals: 1, visiting_goals: 0, status: 'in_play' });
    const standings = await stream.next(isEvent('standings'), 20_000);
    expect(standings.data).toMatchObject({ league_id: world.leagueId, provisional: true, live_match_ids: [world.matchId] });
    // The event id is the same everywhere: a stream resumed on the other process replays from it.
    const resumed = await openStream(a.origin, world.leagueId, world.member.token, { lastEventId: String(Number(standings.id) - 1) });
    expect((await resumed.next(isEvent('matches'), 20_000)).data.matches[0]).toMatchObject({ local_goals: 1 });
    resumed.close();
    stream.close();
  });

  it('keeps delivering after its LISTEN connection is lost (the process reconnects and catches up)', async () => {
    const stream = await openStream(b.origin, world.leagueId, world.member.token);
    const killed = await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE query = 'LISTEN "porra_live_${schema}"' AND pid <> pg_backend_pid()`);
    expect(killed.rowCount).toBeGreaterThan(0);
    expect((await enterScore(2, 0)).status).toBe(200);
    // (The stream opened with the match in play at 1-0; the goal made while LISTEN was down follows.)
    const matches = await stream.next((m) => isEvent('matches')(m) && m.data.matches[0].local_goals !== 1, 30_000);
    expect(matches.data.matches[0]).toMatchObject({ local_goals: 2 });
    stream.close();
  });

  it('ends its streams cleanly on SIGTERM, before waiting for requests in flight', async () => {
    const stream = await openStream(b.origin, world.leagueId, world.member.token);
    expect(stream.status).toBe(200);
    const started = Date.now();
    const exited = b.terminate();
    await stream.ended;
    // Well before the 10 s shutdown deadline: the stream is not a request the shutdown waits for.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(stream.body).not.toContain('event: error');
    await exited;
  });
});
