import { call, createTestApp, DB_KINDS, describeEachDb, type TestApp } from '../../test/harness';
import { api, leagueWithMember, leagueWorld } from '../leagues/leagueTestKit';
import { scheduledProcesses } from '../updates/updatesService';
import { isEvent, listen, openStream } from './liveTestKit';

const LIVE = { heartbeatMs: 60_000, maxStreamMs: 600_000, maxStreamsPerUser: 2, deadlineCheckMs: 50 };

async function world(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w);
  const [first, second] = w.cup.groupMatchIds;
  const bet = async (who: { id: number }, matchId: number, local: number, visiting: number) => {
    await t.deps.db.insertInto('result_bets').values({
      league_id: league.id, user_id: who.id, match_id: matchId, mode: 0, local_goals: local, visiting_goals: visiting, updated_at: t.clock.now(),
    }).execute();
  };
  await bet(w.owner, first, 0, 3);
  await bet(w.member, first, 1, 0);
  const edit = (matchId: number, match: Record<string, unknown>) =>
    call(t.app, { method: 'PUT', url: api(`/matches/${matchId}`), token: w.admin.token, payload: { match } });
  return { ...w, league, first, second, edit };
}

describeEachDb('live league streams', (ctx) => {
  it('tells a member the score an admin enters, with a provisional table while in play and the final one after', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.member.token);
    expect(stream.status).toBe(200);

    expect((await w.edit(w.first, { status: 'in_play', local_goals: 1, visiting_goals: 0 })).statusCode).toBe(200);
    const matches = await stream.next(isEvent('matches'));
    expect(matches.data).toMatchObject({ league_id: w.league.id, competition_id: w.cup.competitionId, match_ids: [w.first] });
    expect(matches.data.matches[0]).toMatchObject({ id: w.first, local_goals: 1, visiting_goals: 0, status: 'in_play', started: true, finished: false });
    const provisional = await stream.next(isEvent('standings'));
    expect(provisional.id).toMatch(/^\d+$/);
    expect(provisional.data).toMatchObject({ league_id: w.league.id, provisional: true, live_match_ids: [w.first] });
    const rows = provisional.data.table.users as { user_id: number; points: number; position: number }[];
    expect(rows[0]).toMatchObject({ user_id: w.member.id, position: 1 });
    expect(rows[0].points).toBeGreaterThan(0);
    expect(rows.find((r) => r.user_id === w.owner.id)).toMatchObject({ points: 0, position: 2 });

    await w.edit(w.first, { status: 'finished', local_goals: 1, visiting_goals: 0 });
    await stream.next(isEvent('matches'));
    const final = await stream.next(isEvent('standings'));
    expect(final.data).toMatchObject({ provisional: false, live_match_ids: [] });
    expect(final.data.table.users[0]).toMatchObject({ user_id: w.member.id, points: rows[0].points });
    expect(Number(final.id)).toBeGreaterThan(Number(provisional.id));
    stream.close();
  });

  it('refuses visitors, non-members and unknown leagues, and caps the streams per user with a translated 429', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    expect((await openStream(origin, w.league.id, null)).status).toBe(401);
    expect((await openStream(origin, w.league.id, w.other.token)).status).toBe(403);
    expect((await openStream(origin, 999_999, w.member.token)).status).toBe(404);
    const a = await openStream(origin, w.league.id, w.member.token);
    const b = await openStream(origin, w.league.id, w.member.token);
    const refused = await fetch(`${origin}/api/v1/es/live/${w.league.id}`, { headers: { authorization: `Bearer ${w.member.token}` } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(((await refused.json()) as { error: string }).error).toMatch(/demasiadas vistas en directo/);
    // Another member is not held back by the first one's streams.
    const owner = await openStream(origin, w.league.id, w.owner.token);
    expect(owner.status).toBe(200);
    a.close(); b.close(); owner.close();
  });

  it('resumes after Last-Event-ID with what was missed, and events are only told once committed', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const first = await openStream(origin, w.league.id, w.member.token);
    await w.edit(w.first, { status: 'in_play', local_goals: 0, visiting_goals: 0 });
    const seen = await first.next((m) => m.id !== null);
    first.close();
    await first.ended;

    // A publication whose transaction rolls back is never told.
    await expect(t.deps.db.transaction().execute(async (trx) => {
      await t.deps.live.publish(trx, { competitionId: w.cup.competitionId, kind: 'bets_visible', payload: { match_ids: [w.second] } });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await w.edit(w.first, { status: 'in_play', local_goals: 2, visiting_goals: 0 });

    const resumed = await openStream(origin, w.league.id, w.member.token, { lastEventId: seen.id! });
    const missed = await resumed.next(isEvent('matches'));
    expect(missed.data.matches[0]).toMatchObject({ id: w.first, local_goals: 2 });
    expect((await resumed.next((m) => m.id !== null)).id).not.toBe(seen.id);
    // Then the table as it is now (a match is in play), and nothing about the rolled-back event.
    await resumed.next(isEvent('standings'));
    expect(resumed.body).not.toContain('bets_visible');
    resumed.close();
  });

  it('tells what the scheduled update reveals (a provider sync publishes after it commits)', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.member.token);
    const held = { score: { local_goals: 1, visiting_goals: 0, local_goals_extra_time: null, visiting_goals_extra_time: null,
      local_penalties: null, visiting_penalties: null }, goals: [] };
    await t.deps.db.updateTable('competitions').set({ provider: 'demo' }).where('id', '=', w.cup.competitionId).execute();
    await t.deps.db.updateTable('matches').set({ held_result: JSON.stringify(held) }).where('id', '=', w.first).execute();
    const kickoff = (await t.deps.db.selectFrom('matches').select('date').where('id', '=', w.first).executeTakeFirstOrThrow()).date;
    t.clock.set(Number(kickoff) + 3 * 3_600_000);
    await scheduledProcesses(t.deps).update();
    const matches = await stream.next(isEvent('matches'));
    expect(matches.data.matches.find((m: { id: number }) => m.id === w.first)).toMatchObject({ finished: true, local_goals: 1, visiting_goals: 0 });
    const standings = await stream.next(isEvent('standings'));
    expect(standings.data.table.users[0]).toMatchObject({ user_id: w.member.id });
    expect(standings.data.table.users[0].points).toBeGreaterThan(0);
    stream.close();
  });

  it('tells when a bet window closes and others\' bets become visible', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.member.token);
    const kickoff = (await t.deps.db.selectFrom('matches').select('date').where('id', '=', w.first).executeTakeFirstOrThrow()).date;
    t.clock.set(Number(kickoff) - 4 * 60_000);
    const visible = await stream.next(isEvent('bets_visible'));
    // Every match with that deadline (the cup's two opening matches kick off together).
    const together = await t.deps.db.selectFrom('matches').select('id').where('competition_id', '=', w.cup.competitionId)
      .where('date', '=', kickoff).orderBy('id').execute();
    expect(visible.data).toEqual({ league_id: w.league.id, match_ids: together.map((m) => m.id) });
    expect(visible.data.match_ids).toContain(w.first);
    expect(visible.id).toMatch(/^\d+$/);
    // Told once, however many checks (and processes) see the deadline pass.
    const stored = await t.deps.db.selectFrom('live_events').select('id').where('kind', '=', 'bets_visible').execute();
    expect(stored).toHaveLength(1);
    stream.close();
  });
}, { config: { live: LIVE } });

describeEachDb('live stream documentation', (ctx) => {
  it('documents the route in OpenAPI as text/event-stream, with its error statuses', async () => {
    const doc = (await call(ctx().app, { method: 'GET', url: '/api/v1/openapi.json' })).data;
    const op = doc.paths['/api/v1/{locale}/live/{league_id}'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '429']));
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    const feed = doc.paths['/calendar/{file}'].get;
    expect(Object.keys(feed.responses['200'].content)).toEqual(['text/calendar']);
  });
});

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
}, { config: { live: { ...LIVE, heartbeatMs: 100 } } });

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
