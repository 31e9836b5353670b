import { describeEachDb } from '../../testing/harness';
import { liveStandings } from './provisionalTable';
import { isEvent, listen, LIVE_TEST_SETTINGS, liveWorld, openStream, sleep } from './testing/liveTestKit';

// Counts the provisional tables built (the real builder, watched).
jest.mock('./provisionalTable', () => {
  const actual = jest.requireActual<typeof import('./provisionalTable')>('./provisionalTable');
  return { ...actual, liveStandings: jest.fn(actual.liveStandings) };
});
const builds = liveStandings as jest.MockedFunction<typeof liveStandings>;

describeEachDb('what opening live streams costs', (ctx) => {
  it('builds one table for any number of streams opening during a match (per league and language), a new one after a goal', async () => {
    const t = ctx();
    const w = await liveWorld(t);
    const origin = await listen(t);
    t.clock.set(w.kickoff + 60_000);
    await w.edit(w.first, { status: 'in_play', local_goals: 1, visiting_goals: 0 });
    builds.mockClear();
    // Streams opened (and closed) one after the other, as a page reloading in a loop would.
    for (let i = 0; i < 4; i += 1) {
      const stream = await openStream(origin, w.league.id, i % 2 ? w.member.token : w.owner.token);
      expect((await stream.next(isEvent('standings'))).data).toMatchObject({ provisional: true });
      stream.close();
      await stream.ended;
      await sleep(20);
    }
    expect(builds).toHaveBeenCalledTimes(1);
    // A goal builds the table again; a stream opening right after reuses that one.
    const watching = await openStream(origin, w.league.id, w.member.token);
    await watching.next(isEvent('standings'));
    await w.edit(w.first, { status: 'in_play', local_goals: 2, visiting_goals: 0 });
    await watching.next(isEvent('standings'));
    expect(builds).toHaveBeenCalledTimes(2);
    const late = await openStream(origin, w.league.id, w.owner.token);
    await late.next(isEvent('standings'));
    expect(builds).toHaveBeenCalledTimes(2);
    watching.close(); late.close();
  });
}, { config: { live: LIVE_TEST_SETTINGS } });
