import fc from 'fast-check';
import { compareStandings, isTieBreakList, parseTieBreaks, rankStandings, TIE_BREAKS, type RankedStats } from './tieBreaks';

const stats = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  points: fc.integer({ min: 0, max: 12 }),
  exact_hits: fc.integer({ min: 0, max: 3 }),
  matchday_wins: fc.integer({ min: 0, max: 3 }),
  goal_difference_hits: fc.integer({ min: 0, max: 3 }),
  tendency_hits: fc.integer({ min: 0, max: 3 }),
  points_bonus: fc.integer({ min: 0, max: 3 }),
});
const tieBreakList = fc.shuffledSubarray([...TIE_BREAKS]);
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
const value = (row: RankedStats, key: (typeof TIE_BREAKS)[number]) => (key === 'bonus_points' ? row.points_bonus : row[key]);

describe('tie-breaks', () => {
  it('orders by points, then each tie-break in turn; ties left are broken by the given order only', () => {
    fc.assert(fc.property(fc.array(stats, { maxLength: 12 }), tieBreakList, (rows, tieBreaks) => {
      const ranked = rankStandings(rows, tieBreaks, byId);
      for (let i = 1; i < ranked.length; i++) {
        const [a, b] = [ranked[i - 1], ranked[i]];
        // Lexicographic on (points, tie-breaks...) descending.
        const keyA = [a.points, ...tieBreaks.map((k) => value(a, k))];
        const keyB = [b.points, ...tieBreaks.map((k) => value(b, k))];
        const first = keyA.findIndex((v, j) => v !== keyB[j]);
        if (first === -1) expect(a.id).toBeLessThanOrEqual(b.id);
        else expect(keyA[first]).toBeGreaterThan(keyB[first]);
      }
    }));
  });

  it('a position is one more than the rows strictly ahead; rows equal on points and every tie-break share it', () => {
    fc.assert(fc.property(fc.array(stats, { maxLength: 12 }), tieBreakList, (rows, tieBreaks) => {
      for (const row of rankStandings(rows, tieBreaks, byId)) {
        const ahead = rows.filter((other) => compareStandings(other, row, tieBreaks) < 0).length;
        expect(row.position).toBe(ahead + 1);
      }
    }));
  });

  it('without tie-breaks equal points share a position, as before', () => {
    fc.assert(fc.property(fc.array(stats, { maxLength: 12 }), (rows) => {
      for (const row of rankStandings(rows, [], byId)) {
        expect(row.position).toBe(rows.filter((o) => o.points > row.points).length + 1);
      }
    }));
  });

  it('tie-breaks only split shared positions: a row ahead on points stays ahead', () => {
    fc.assert(fc.property(fc.uniqueArray(stats, { maxLength: 12, selector: (r) => r.id }), tieBreakList, (rows, tieBreaks) => {
      const plain = new Map(rankStandings(rows, [], byId).map((r) => [r.id, r.position]));
      const finer = new Map(rankStandings(rows, tieBreaks, byId).map((r) => [r.id, r.position]));
      for (const a of rows) {
        for (const b of rows) {
          if (plain.get(a.id)! < plain.get(b.id)!) expect(finer.get(a.id)!).toBeLessThan(finer.get(b.id)!);
          if (finer.get(a.id) === finer.get(b.id)) expect(plain.get(a.id)).toBe(plain.get(b.id));
        }
      }
    }));
  });

  it('stored lists: known keys once each, anything else reads as none', () => {
    expect(parseTieBreaks('["exact_hits","bonus_points"]')).toEqual(['exact_hits', 'bonus_points']);
    expect(parseTieBreaks('["exact_hits","exact_hits"]')).toEqual([]);
    expect(parseTieBreaks('["shoe_size"]')).toEqual([]);
    expect(parseTieBreaks('not json')).toEqual([]);
    expect(parseTieBreaks(null)).toEqual([]);
    expect(isTieBreakList(['tendency_hits', 'matchday_wins'])).toBe(true);
  });
});
