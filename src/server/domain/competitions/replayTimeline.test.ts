import fc from 'fast-check';
import type { HeldGoal, HeldResult } from './heldResult';
import { goalRevealMs, replayDurationMs, replayPlan, replayStateAt } from './replayTimeline';

const MIN = 60_000;
const goal = (side: 1 | 2, minute: number | null, offset = 0): HeldGoal => ({ person_id: 1, minute, offset, side, own_goal: 0, penalty: 0 });
const result = (goals: HeldGoal[], score: Partial<HeldResult['score']> = {}): HeldResult => {
  const count = (side: 1 | 2, from: number, to: number) => goals.filter((g) => g.side === side && g.minute! > from && g.minute! <= to).length;
  return {
    goals,
    score: {
      local_goals: count(1, -1, 90), visiting_goals: count(2, -1, 90),
      local_goals_extra_time: null, visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null, ...score,
    },
  };
};
const at = (held: HeldResult, minutes: number) => replayStateAt(held, minutes * MIN);

describe('a replayed match on the clock', () => {
  // Mexico 2-0 South Africa: 9' and 67'.
  const opener = result([goal(1, 9), goal(1, 67)]);

  it('is scheduled before kickoff and in its first half from kickoff, at minute 1', () => {
    expect(replayStateAt(opener, -1)).toBe('scheduled');
    expect(at(opener, 0)).toMatchObject({ phase: 'first_half', minute: 1, added: null, local_goals: 0, visiting_goals: 0 });
  });

  it('shows a first-half goal when the clock reaches its minute, not before', () => {
    expect(replayStateAt(opener, 9 * MIN - 1)).toMatchObject({ minute: 8, local_goals: 0 });
    expect(at(opener, 9)).toMatchObject({ phase: 'first_half', minute: 9, local_goals: 1 });
  });

  it('counts the 15-minute half-time before second-half goals', () => {
    expect(at(opener, 46)).toMatchObject({ phase: 'half_time', minute: null, local_goals: 1 });
    expect(at(opener, 60)).toMatchObject({ phase: 'half_time' });
    expect(at(opener, 61)).toMatchObject({ phase: 'second_half', minute: 46 });
    // 67' is 22 minutes into the second half, which started 61 minutes after kickoff.
    expect(replayStateAt(opener, 83 * MIN - 1)).toMatchObject({ minute: 66, local_goals: 1 });
    expect(at(opener, 83)).toMatchObject({ phase: 'second_half', minute: 67, local_goals: 2 });
  });

  it('finishes after the full time', () => {
    expect(replayDurationMs(opener)).toBe(107 * MIN);
    expect(at(opener, 106)).toMatchObject({ phase: 'second_half', minute: 90, added: null });
    expect(at(opener, 107)).toBe('finished');
  });

  it('plays the stoppage its goals need, showing "45+2"', () => {
    const held = result([goal(2, 45, 2), goal(1, 90, 9)]);
    expect(at(held, 47)).toMatchObject({ phase: 'first_half', minute: 45, added: 2, visiting_goals: 1 });
    expect(at(held, 48)).toMatchObject({ phase: 'half_time' });
    // Second half from 63: 90+9 comes 54 minutes in.
    expect(at(held, 63 + 54)).toMatchObject({ phase: 'second_half', minute: 90, added: 9, local_goals: 1 });
    expect(replayDurationMs(held)).toBe((63 + 55) * MIN);
  });

  it('takes a late goal without extra time as stoppage ("93" is 90+3)', () => {
    const held = result([goal(1, 93)], { local_goals: 1 });
    expect(at(held, 61 + 48)).toMatchObject({ phase: 'second_half', minute: 90, added: 3, local_goals: 1 });
  });

  it('plays extra time after a 5-minute break, then penalties, then finishes', () => {
    // Spain 1-0 Argentina after extra time (106'), on penalties in this made-up version.
    const held = result([goal(1, 106)], { local_goals: 0, visiting_goals: 0, local_goals_extra_time: 1, visiting_goals_extra_time: 0, local_penalties: 4, visiting_penalties: 2 });
    const plan = replayPlan(held);
    expect(plan.periods.map((p) => [p.phase, p.from, p.to])).toEqual([
      ['first_half', 0, 46], ['second_half', 61, 107], ['extra_time', 112, 128], ['extra_time', 128, 144],
    ]);
    expect(at(held, 107)).toMatchObject({ phase: 'extra_time', minute: null, local_goals: 0, local_goals_extra_time: 0 });
    expect(at(held, 112)).toMatchObject({ phase: 'extra_time', minute: 91 });
    expect(at(held, 128 + 1)).toMatchObject({ phase: 'extra_time', minute: 106, local_goals: 0, local_goals_extra_time: 1 });
    expect(at(held, 144)).toMatchObject({ phase: 'penalties', minute: null, local_goals_extra_time: 1 });
    expect(at(held, 153)).toMatchObject({ phase: 'penalties' });
    expect(at(held, 154)).toBe('finished');
  });

  it('keeps goals without a minute or a side for the final whistle', () => {
    const held = result([goal(1, null), { ...goal(2, 10), side: undefined }], { local_goals: 1, visiting_goals: 1 });
    expect(at(held, 100)).toMatchObject({ local_goals: 0, visiting_goals: 0 });
  });
});

const arbitraryMatch = fc.record({
  extraTime: fc.boolean(),
  shootout: fc.boolean(),
  goals: fc.array(fc.record({
    side: fc.constantFrom(1 as const, 2 as const),
    minute: fc.integer({ min: 1, max: 120 }),
    offset: fc.integer({ min: 0, max: 15 }),
  }), { maxLength: 12 }),
}).map(({ extraTime, shootout, goals }) => {
  const held = goals.map((g) => goal(g.side, extraTime ? g.minute : Math.min(g.minute, 90), g.offset));
  const regular = (side: 1 | 2) => held.filter((g) => g.side === side && (g.minute! <= 90 || !extraTime)).length;
  const extra = (side: 1 | 2) => held.filter((g) => g.side === side && g.minute! > 90 && extraTime).length;
  return result(held, {
    local_goals: regular(1), visiting_goals: regular(2),
    local_goals_extra_time: extraTime ? extra(1) : null, visiting_goals_extra_time: extraTime ? extra(2) : null,
    local_penalties: extraTime && shootout ? 5 : null, visiting_penalties: extraTime && shootout ? 4 : null,
  });
});

describe('replay timeline properties', () => {
  it('shows every goal at its own minute, in play, and before the final whistle', () => {
    fc.assert(fc.property(arbitraryMatch, (held) => {
      const plan = replayPlan(held);
      for (const g of held.goals) {
        const shownAt = goalRevealMs(g, plan)!;
        expect(shownAt).toBeLessThan(replayDurationMs(held));
        const state = replayStateAt(held, shownAt);
        if (typeof state === 'string') throw new Error(`goal ${g.minute}+${g.offset} shown while ${state}`);
        expect(state.phase).not.toBe('half_time');
        // At the goal's reveal the clock reads its minute (stoppage goals: the period's last minute plus the stoppage).
        expect(state.minute! + (state.added ?? 0)).toBe(g.minute! + g.offset!);
      }
    }));
  });

  it('never takes a goal back: the provisional score only grows, up to the final score', () => {
    fc.assert(fc.property(arbitraryMatch, fc.array(fc.integer({ min: 0, max: 200 * MIN }), { minLength: 2, maxLength: 8 }), (held, times) => {
      let last = { local: 0, visiting: 0 };
      for (const time of [...times].sort((a, b) => a - b)) {
        const state = replayStateAt(held, time);
        if (typeof state === 'string') continue;
        const now = {
          local: state.local_goals + (state.local_goals_extra_time ?? 0),
          visiting: state.visiting_goals + (state.visiting_goals_extra_time ?? 0),
        };
        expect(now.local).toBeGreaterThanOrEqual(last.local);
        expect(now.visiting).toBeGreaterThanOrEqual(last.visiting);
        expect(state.local_goals).toBeLessThanOrEqual(held.score.local_goals);
        last = now;
      }
    }));
  });

  it('ends with every goal shown: the last moment of play holds the final score', () => {
    fc.assert(fc.property(arbitraryMatch, (held) => {
      const state = replayStateAt(held, replayDurationMs(held) - 1);
      if (typeof state === 'string') throw new Error(state);
      expect([state.local_goals, state.visiting_goals]).toEqual([held.score.local_goals, held.score.visiting_goals]);
      expect([state.local_goals_extra_time, state.visiting_goals_extra_time])
        .toEqual([held.score.local_goals_extra_time, held.score.visiting_goals_extra_time]);
    }));
  });
});
