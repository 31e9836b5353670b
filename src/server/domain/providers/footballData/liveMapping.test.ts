import { liveOf } from './mapping';

describe('football-data live status and minute', () => {
  it('maps what the provider says of a match in play', () => {
    expect(liveOf('IN_PLAY', 23)).toEqual({ live_phase: 'first_half', live_minute: 23, live_added: null });
    expect(liveOf('IN_PLAY', '45+2')).toEqual({ live_phase: 'first_half', live_minute: 45, live_added: 2 });
    expect(liveOf('PAUSED', 45)).toEqual({ live_phase: 'half_time', live_minute: null, live_added: null });
    expect(liveOf('IN_PLAY', 90, 4)).toEqual({ live_phase: 'second_half', live_minute: 90, live_added: 4 });
    expect(liveOf('LIVE', 67)).toEqual({ live_phase: 'second_half', live_minute: 67, live_added: null });
    expect(liveOf('EXTRA_TIME', 104)).toEqual({ live_phase: 'extra_time', live_minute: 104, live_added: null });
    expect(liveOf('PENALTY_SHOOTOUT', 120)).toEqual({ live_phase: 'penalties', live_minute: null, live_added: null });
  });

  it('leaves the phase unknown without a minute, and clears it outside play', () => {
    expect(liveOf('IN_PLAY')).toEqual({ live_phase: null, live_minute: null, live_added: null });
    expect(liveOf('EXTRA_TIME')).toEqual({ live_phase: 'extra_time', live_minute: null, live_added: null });
    for (const status of ['TIMED', 'FINISHED', 'POSTPONED']) {
      expect(liveOf(status, 90)).toEqual({ live_phase: null, live_minute: null, live_added: null });
    }
  });
});
