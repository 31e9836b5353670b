import fc from 'fast-check';
import { circleRound, duelResult, headToHeadSchedule, headToHeadTable } from './headToHead';

const players = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 2, maxLength: 21 });
const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

describe('circle method', () => {
  it('each member plays once per matchday, and sits out only when the count is odd (one bye)', () => {
    fc.assert(fc.property(players, fc.integer({ min: 0, max: 60 }), (ids, round) => {
      const { duels, bye } = circleRound(ids, round);
      const seen = duels.flat();
      if (bye !== null) seen.push(bye);
      expect(seen.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(bye === null).toBe(ids.length % 2 === 0);
      expect(duels).toHaveLength(Math.floor(ids.length / 2));
    }));
  });

  it('every pair meets exactly once per cycle, and each member has at most one bye per cycle', () => {
    fc.assert(fc.property(players, fc.integer({ min: 0, max: 3 }), (ids, cycle) => {
      const rounds = ids.length % 2 === 0 ? ids.length - 1 : ids.length;
      const pairs = new Map<string, number>();
      const byes = new Map<number, number>();
      for (let r = 0; r < rounds; r++) {
        const { duels, bye } = circleRound(ids, cycle * rounds + r);
        for (const [a, b] of duels) pairs.set(key(a, b), (pairs.get(key(a, b)) ?? 0) + 1);
        if (bye !== null) byes.set(bye, (byes.get(bye) ?? 0) + 1);
      }
      expect(pairs.size).toBe((ids.length * (ids.length - 1)) / 2);
      expect([...pairs.values()].every((n) => n === 1)).toBe(true);
      expect([...byes.values()].every((n) => n === 1)).toBe(true);
    }));
  });

  it('a member who joins later plays from their first matchday, and the matchdays before stay as they were', () => {
    const early = [{ user_id: 1, from_matchday: 1 }, { user_id: 2, from_matchday: 1 }, { user_id: 3, from_matchday: 1 }];
    const before = headToHeadSchedule(early, [1, 2, 3, 4]);
    const after = headToHeadSchedule([...early, { user_id: 4, from_matchday: 3 }], [1, 2, 3, 4]);
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[1].bye).not.toBeNull();
    expect(after[2]).toMatchObject({ matchday: 3, bye: null });
    expect(after[2].duels.flat().sort()).toEqual([1, 2, 3, 4]);
    expect(before.every((day) => day.duels.flat().every((id) => id !== 4))).toBe(true);
  });
});

describe('head-to-head table', () => {
  it('3 points a win, 1 each a draw; ranked by duel points then points scored in duels; undecided duels do not count', () => {
    const duels = [
      duelResult([1, 2], [7, 3], true), duelResult([3, 4], [5, 5], true),
      duelResult([1, 3], [2, 4], true), duelResult([2, 4], [9, 1], true),
      duelResult([1, 4], [10, 0], false),
    ];
    expect(duels[0].winner_user_id).toBe(1);
    expect(duels[1].winner_user_id).toBeNull();
    expect(duels[4].winner_user_id).toBeNull();
    const table = headToHeadTable([1, 2, 3, 4, 5], duels);
    expect(table.map((r) => [r.user_id, r.points, r.points_for, r.position])).toEqual([
      [3, 4, 9, 1], [2, 3, 12, 2], [1, 3, 9, 3], [4, 1, 6, 4], [5, 0, 0, 5],
    ]);
    expect(table[0]).toMatchObject({ played: 2, won: 1, drawn: 1, lost: 0 });
  });
});
