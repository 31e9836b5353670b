import { call, describeEachDb } from '../../testing/harness';
import { createLeague, join } from '../leagues/testing/leagueTestKit';
import { scheduledProcesses } from '../updates/updatesService';
import { isEvent, listen, LIVE_TEST_SETTINGS as LIVE, liveWorld as world, openStream, sleep } from './testing/liveTestKit';

describeEachDb('live league streams', (ctx) => {
  it('tells a member the score an admin enters, with a provisional table while in play and the final one after', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.member.token);
    expect(stream.status).toBe(200);

    // A goal after kickoff: the bet window has closed, everyone's bets are visible.
    t.clock.set(w.kickoff + 10 * 60_000);
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

    // A stream opened during the match gets the live scores and the provisional table at once.
    const late = await openStream(origin, w.league.id, w.owner.token);
    expect((await late.next(isEvent('matches'))).data.matches).toEqual([expect.objectContaining({ id: w.first, local_goals: 1, status: 'in_play' })]);
    expect((await late.next(isEvent('standings'))).data).toMatchObject({ provisional: true, live_match_ids: [w.first] });
    late.close();

    await w.edit(w.first, { status: 'finished', local_goals: 1, visiting_goals: 0 });
    await stream.next(isEvent('matches'));
    // The result reaches the table through its job: its progress says so, then the table that holds it.
    const progress = await stream.next((m) => isEvent('result_progress')(m) && m.data.applied);
    expect(progress.data).toMatchObject({ league_id: w.league.id, match_ids: [w.first], leagues_done: 1, leagues_total: 1, finished: false });
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

  it('never builds a provisional table from bets still hidden (a match in play before its bet window closed)', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const member = await openStream(origin, w.league.id, w.member.token);
    // The admin marks the match in play an hour before its kickoff: the bets on it are still hidden.
    t.clock.set(w.kickoff - 60 * 60_000);
    await w.edit(w.first, { status: 'in_play', local_goals: 1, visiting_goals: 0 });
    expect((await member.next(isEvent('matches'))).data.matches[0]).toMatchObject({ id: w.first, local_goals: 1 });
    const stored = await member.next(isEvent('standings'));
    expect(stored.data).toMatchObject({ provisional: false, live_match_ids: [] });
    expect((stored.data.table.users as { points: number }[]).every((row) => row.points === 0)).toBe(true);
    // A stream opening now gets the score but no provisional table either (the stored one is what it loaded).
    const late = await openStream(origin, w.league.id, w.owner.token);
    expect((await late.next(isEvent('matches'))).data.match_ids).toEqual([w.first]);
    await sleep(300);
    expect(late.body).not.toContain('event: standings');
    late.close();
    // Once the window has closed, the next goal moves the provisional table.
    t.clock.set(w.kickoff);
    await w.edit(w.first, { status: 'in_play', local_goals: 1, visiting_goals: 0 });
    await member.next(isEvent('matches'));
    expect((await member.next(isEvent('standings'))).data).toMatchObject({ provisional: true, live_match_ids: [w.first] });
    member.close();
  });

  it('replays what a resuming stream missed with one table for all of it, not one per event', async () => {
    const t = ctx();
    const w = await world(t);
    const origin = await listen(t);
    const first = await openStream(origin, w.league.id, w.member.token);
    t.clock.set(w.kickoff + 60_000);
    await w.edit(w.first, { status: 'in_play', local_goals: 0, visiting_goals: 0 });
    const seen = await first.next(isEvent('standings'));
    first.close();
    await first.ended;
    for (const goals of [1, 2, 3]) await w.edit(w.first, { status: 'in_play', local_goals: goals, visiting_goals: 0 });
    // Their deliveries to this process's (no) streams are done: the resume alone tells them.
    await sleep(300);

    const resumed = await openStream(origin, w.league.id, w.member.token, { lastEventId: seen.id! });
    const replayed = [await resumed.next(isEvent('matches')), await resumed.next(isEvent('matches')), await resumed.next(isEvent('matches'))];
    expect(replayed.map((m) => m.data.matches[0].local_goals)).toEqual([1, 2, 3]);
    expect(replayed.every((m) => Number(m.id) > Number(seen.id))).toBe(true);
    // Then the matches in play now and one table.
    await resumed.next(isEvent('matches'));
    expect((await resumed.next(isEvent('standings'))).data).toMatchObject({ provisional: true });
    await sleep(200);
    expect(resumed.body.match(/event: standings/g)).toHaveLength(1);
    resumed.close();
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
    expect(Number(missed.id)).toBeGreaterThan(Number(seen.id));
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
    await stream.next((m) => isEvent('result_progress')(m) && m.data.applied);
    const standings = await stream.next(isEvent('standings'));
    expect(standings.data.table.users[0]).toMatchObject({ user_id: w.member.id });
    expect(standings.data.table.users[0].points).toBeGreaterThan(0);
    stream.close();
  });

  it('tells each league when its own bet window closes (windows differ per league)', async () => {
    const t = ctx();
    const w = await world(t);
    const early = await createLeague(t, w.owner, { name: 'Early deadline', competition_id: w.cup.competitionId, bet_deadline_minutes: 60 });
    expect((await join(t, w.member, early.id, early.share_token)).statusCode).toBe(200);
    const origin = await listen(t);
    const usual = await openStream(origin, w.league.id, w.member.token);
    const hourBefore = await openStream(origin, early.id, w.member.token);
    const told = (stream: typeof usual) => stream.body.match(/event: bets_visible/g)?.length ?? 0;
    t.clock.set(w.kickoff - 30 * 60_000);
    expect((await hourBefore.next(isEvent('bets_visible'))).data.match_ids).toContain(w.first);
    // Several checks later, the 5-minute league has still been told nothing: its bets are hidden.
    await sleep(300);
    expect(told(usual)).toBe(0);
    t.clock.set(w.kickoff - 4 * 60_000);
    expect((await usual.next(isEvent('bets_visible'))).data.match_ids).toContain(w.first);
    // And the 60-minute league is not told twice.
    await sleep(300);
    expect(told(hourBefore)).toBe(1);
    usual.close(); hourBefore.close();
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
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '403', '404', '429', '503']));
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    const feed = doc.paths['/calendar/{file}'].get;
    expect(Object.keys(feed.responses['200'].content)).toEqual(['text/calendar']);
  });
});
