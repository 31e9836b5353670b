import fc from 'fast-check';
import { LOCALES } from '../../../shared/domain/locales';
import { compareNames, plainKey } from './nameOrder';

const plainChars = fc.constantFrom(...'abcxyzABCXYZ0189 '.split(''));
/** Names of the plain alphabet, often differing only in case, and names with any character at all. */
const name = fc.oneof(
  fc.string({ unit: plainChars, maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(...'aAbB 1ñÑáÁ-\'.'.split('')), maxLength: 6 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const caseVariant = (text: string, flips: boolean[]) =>
  [...text].map((ch, i) => (flips[i % flips.length] ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join('');

describe('names in a big table order as the collator orders them', () => {
  it.each(LOCALES)('%s: the plain-name comparison gives the collator\'s answer for any two names', (locale) => {
    const collate = new Intl.Collator(locale).compare;
    const agrees = (a: string, b: string) => Math.sign(compareNames(collate, a, plainKey(a), b, plainKey(b))) === Math.sign(collate(a, b));
    fc.assert(fc.property(name, name, (a, b) => agrees(a, b)), { numRuns: 5_000 });
    // The hard cases: equal but for case, and one name the start of the other.
    fc.assert(fc.property(fc.string({ unit: plainChars, maxLength: 8 }), fc.array(fc.boolean(), { minLength: 1 }), fc.string({ unit: plainChars, maxLength: 2 }),
      (a, flips, tail) => agrees(a, caseVariant(a, flips)) && agrees(a, a + tail) && agrees(caseVariant(a, flips), a + tail)), { numRuns: 5_000 });
  });

  it('only names of ASCII letters, digits and spaces skip the collator', () => {
    expect(plainKey('Ana Gómez')).toBeNull();
    expect(plainKey("O'Neil")).toBeNull();
    expect(plainKey('Player 12')).toBe('player 12');
  });
});
