import fc from 'fast-check';
import { localPlaceholder, matchdayName, parsePlaceholder, type MatchdayRound } from './matchNames';
import { ROUND } from './rounds';

/** The demo World Cup's last matchdays: round of 16 over four, quarter-finals over two, then one each. */
const CUP: MatchdayRound[] = [
  { matchday: 3, round_id: ROUND.GROUP_STAGE },
  ...[13, 14, 15, 16].map((matchday) => ({ matchday, round_id: ROUND.ROUND_OF_16 })),
  { matchday: 17, round_id: ROUND.QUARTER_FINALS }, { matchday: 18, round_id: ROUND.QUARTER_FINALS },
  { matchday: 19, round_id: ROUND.SEMI_FINALS }, { matchday: 21, round_id: ROUND.THIRD_PLACE }, { matchday: 22, round_id: ROUND.FINAL },
];

describe('placeholders in words', () => {
  it('names winners, losers and group places in both languages, long and short', () => {
    expect(localPlaceholder('W49', 'es')).toBe('Ganador del partido 49');
    expect(localPlaceholder('W49', 'en')).toBe('Winner of match 49');
    expect(localPlaceholder('L61', 'es')).toBe('Perdedor del partido 61');
    expect(localPlaceholder('1A', 'es')).toBe('1.º del grupo A');
    expect(localPlaceholder('2B', 'en')).toBe('2nd of group B');
    expect(localPlaceholder('3A/B/C', 'en')).toBe('3rd of group A, B or C');
    expect(localPlaceholder('3C/D', 'es')).toBe('3.º del grupo C o D');
    expect(localPlaceholder('W49', 'es', 'short')).toBe('Ganador 49');
    expect(localPlaceholder('1A', 'en', 'short')).toBe('1st A');
    expect(localPlaceholder('Team to be decided', 'es')).toBe('Team to be decided');
  });

  it('never leaves the code itself in what it shows', () => {
    const code = fc.oneof(
      fc.tuple(fc.constantFrom('W', 'L'), fc.integer({ min: 1, max: 200 })).map(([letter, n]) => `${letter}${n}`),
      fc.tuple(fc.integer({ min: 1, max: 9 }), fc.uniqueArray(fc.constantFrom(...'ABCDEFGHIJKL'), { minLength: 1, maxLength: 4 }))
        .map(([place, groups]) => `${place}${groups.join('/')}`),
    );
    fc.assert(fc.property(code, fc.constantFrom('es' as const, 'en' as const), (text, locale) => {
      expect(parsePlaceholder(text)).not.toBeNull();
      const words = localPlaceholder(text, locale);
      expect(words).not.toContain(text);
      expect(words.split(' ').length).toBeGreaterThan(2);
    }));
  });
});

describe('matchday names', () => {
  it('names knockout matchdays by their round and the others by number', () => {
    expect(matchdayName(3, CUP, 'es')).toBe('Jornada 3');
    expect(matchdayName(3, CUP, 'en', 'short')).toBe('MD 3');
    expect(matchdayName(19, CUP, 'es')).toBe('Semifinales');
    expect(matchdayName(22, CUP, 'es')).toBe('Final');
    expect(matchdayName(22, CUP, 'en')).toBe('Final');
    expect(matchdayName(21, CUP, 'en')).toBe('Third-place match');
    expect(matchdayName(14, CUP, 'es')).toBe('Octavos de final, día 2');
    expect(matchdayName(18, CUP, 'en')).toBe('Quarter-finals, day 2');
    expect(matchdayName(18, CUP, 'en', 'short')).toBe('QF 2');
    expect(matchdayName(19, CUP, 'es', 'short')).toBe('Semis');
    // A matchday the rounds do not list (none read yet) keeps its number.
    expect(matchdayName(30, [], 'es')).toBe('Jornada 30');
  });
});
