import { describeEachDb } from '../../testing/harness';
import { liveEventsAfter } from '../../platform/live/liveEventStore';
import { liveStandings } from './provisionalTable';
import { isEvent, listen, LIVE_TEST_SETTINGS, liveWorld, openStream, sleep } from './testing/liveTestKit';

// The real event reads and table builds, watched (and a replay's read held back when a test asks).
jest.mock('../../platform/live/liveEventStore', () => {
  const actual = jest.requireActual<typeof import('../../platform/live/liveEventStore')>('../../platform/live/liveEventStore');
  return { ...actual, liveEventsAfter: jest.fn(actual.liveEventsAfter) };
});
jest.mock('./provisionalTable', () => {
  const actual = jest.requireActual<typeof import('./provisionalTable')>('./provisionalTable');
  return { ...actual, liveStandings: jest.fn(actual.liveStandings) };
});
const reads = liveEventsAfter as jest.MockedFunction<typeof liveEventsAfter>;
const builds = liveStandings as jest.MockedFunction<typeof liveStandings>;
const actualRead = jest.requireActual<typeof import('../../platform/live/liveEventStore')>('../../platform/live/liveEventStore').liveEventsAfter;

describeEachDb('streams resuming with Last-Event-ID', (ctx) => {
  afterEach(() => reads.mockImplementation(actualRead));

  it('share one read of the missed events and one table build however many resume together', async () => {
    const t = ctx();
    const w = await liveWorld(t);
    const origin = await listen(t);
    t.clock.set(w.kickoff + 60_000);
    for (let goals = 1; goals <= 3; goals++) await w.edit(w.first, { status: 'in_play', local_goals: goals, visiting_goals: 0 });
    reads.mockClear();
    builds.mockClear();
    const tokens = [w.member.token, w.owner.token, w.admin.token, w.member.token];
    const streams = await Promise.all(tokens.map((token) => openStream(origin, w.league.id, token, { lastEventId: '0' })));
    for (const stream of streams) {
      const replayed = await stream.next(isEvent('matches'));
      expect(replayed.data.matches[0]).toMatchObject({ id: w.first, local_goals: 1 });
      expect(replayed.id).toMatch(/^\d+$/);
      expect((await stream.next(isEvent('standings'))).data).toMatchObject({ provisional: true, live_match_ids: [w.first] });
    }
    expect(reads.mock.calls.filter(([, afterId]) => afterId === 0)).toHaveLength(1);
    expect(builds).toHaveBeenCalledTimes(1);
    for (const stream of streams) stream.close();
  });

  it('never hold back the events of the streams already open', async () => {
    const t = ctx();
    const w = await liveWorld(t);
    const origin = await listen(t);
    t.clock.set(w.kickoff + 60_000);
    await w.edit(w.first, { status: 'in_play', local_goals: 1, visiting_goals: 0 });
    const watching = await openStream(origin, w.league.id, w.owner.token);
    await watching.next(isEvent('standings'));

    // A resume whose read of the missed events is slow (a large replay on a busy database).
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    reads.mockImplementation(async (db, afterId, limit, competitionId) => {
      if (afterId === 0) await held;
      return actualRead(db, afterId, limit, competitionId);
    });
    const resuming = await openStream(origin, w.league.id, w.member.token, { lastEventId: '0' });
    await sleep(100);
    await w.edit(w.first, { status: 'in_play', local_goals: 2, visiting_goals: 0 });
    // The open stream gets the goal while the other one is still reading its replay.
    expect((await watching.next(isEvent('matches'), 5000)).data.matches[0]).toMatchObject({ local_goals: 2 });
    expect(resuming.body).not.toContain('event: matches');

    release();
    // The resuming stream gets its replay first, then what arrived meanwhile, in order.
    const replayed = await resuming.next(isEvent('matches'));
    expect(replayed.data.matches[0]).toMatchObject({ local_goals: 1 });
    let last = replayed;
    while (last.data?.matches?.[0]?.local_goals !== 2) last = await resuming.next(isEvent('matches'));
    expect(last.data.matches[0]).toMatchObject({ local_goals: 2 });
    watching.close(); resuming.close();
  });
}, { config: { live: { ...LIVE_TEST_SETTINGS, maxStreamsPerUser: 5 } } });
