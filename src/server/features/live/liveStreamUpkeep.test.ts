import { call, createTestApp, DB_KINDS, describeEachDb } from '../../testing/harness';
import { api } from '../leagues/testing/leagueTestKit';
import { LIVE_TEST_SETTINGS as LIVE, liveWorld as world, listen, openStream, sleep } from './testing/liveTestKit';

// What a stream costs and who keeps it: heartbeats, the open-stream gauge, sessions and membership, the caps, shutdown.

describeEachDb('live stream upkeep', (ctx) => {
  it('sends heartbeats, counts open streams in /metrics, and ends the stream of a member who leaves', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.member.token);
    expect((await stream.next((m) => m.comment === 'heartbeat')).comment).toBe('heartbeat');
    const metrics = async () => (await call(t.app, { method: 'GET', url: '/metrics' })).body;
    expect(await metrics()).toMatch(/^porra_live_streams_open 1$/m);
    const left = await call(t.app, { method: 'DELETE', url: api(`/leagues/cancel/${w.league.id}`), token: w.member.token });
    expect(left.statusCode).toBe(200);
    await stream.ended;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await metrics()).toMatch(/^porra_live_streams_open 0$/m);
  });

  it('ends a stream whose session ended (sign-out, disabled account) and an admin\'s once no longer admin', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const member = await openStream(origin, w.league.id, w.member.token);
    const owner = await openStream(origin, w.league.id, w.owner.token);
    // A global admin outside the league may follow it, as they may read its table.
    const admin = await openStream(origin, w.league.id, w.admin.token);
    expect([member.status, owner.status, admin.status]).toEqual([200, 200, 200]);
    expect((await call(t.app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: w.member.token })).statusCode).toBe(200);
    await member.ended;
    await t.deps.db.updateTable('users').set({ disabled_at: t.clock.now() }).where('id', '=', w.owner.id).execute();
    await owner.ended;
    await t.deps.db.updateTable('users').set({ is_admin: 0 }).where('id', '=', w.admin.id).execute();
    await admin.ended;
  });
}, { config: { live: { ...LIVE, heartbeatMs: 100 } } });

describeEachDb('live stream caps', (ctx) => {
  it('counts a burst of streams before any of them opens: a user gets no more than the cap', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    // The first streams of the process, all at once (the bus is still starting while they arrive).
    const burst = await Promise.all(Array.from({ length: 6 }, () => openStream(origin, w.league.id, w.member.token)));
    expect(burst.map((s) => s.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    for (const s of burst) s.close();
  });

  it('refuses streams past the process\'s cap with a translated 503 and Retry-After', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const a = await openStream(origin, w.league.id, w.member.token);
    const b = await openStream(origin, w.league.id, w.owner.token);
    const refused = await fetch(`${origin}/api/v1/es/live/${w.league.id}`, { headers: { authorization: `Bearer ${w.admin.token}` } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { error: string }).error).toMatch(/demasiadas vistas en directo/);
    a.close();
    await a.ended;
    await sleep(50);
    const c = await openStream(origin, w.league.id, w.admin.token);
    expect(c.status).toBe(200);
    b.close(); c.close();
  });
}, { config: { live: { ...LIVE, maxStreams: 2 } } });

describe.each(DB_KINDS)('live streams on shutdown [%s]', (kind) => {
  it('ends open streams when the app closes instead of waiting for them', async () => {
    const t = await createTestApp(kind, { config: { live: LIVE } });
    const w = await world(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.member.token);
    const started = Date.now();
    await t.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
    await t.database.close();
  });
});
