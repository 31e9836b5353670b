import fc from 'fast-check';
import { LOCALES } from '../../../shared/domain/locales';
import { nameSortKey } from './nameKeys';

/** Latin names: letters with and without accents (ñ among them), case, digits, spaces and punctuation. */
const latin = fc.constantFrom(...'aAbBnNñÑoOzZ áÁéÉíüÜçÇøØæÆßàÀ-\'._019'.split(''));
const name = fc.oneof(
  fc.string({ unit: latin, maxLength: 8 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(...'abcñàèìòùäëïöü ABC'.split('')), maxLength: 6 }),
);
const caseVariant = (text: string, flips: boolean[]) =>
  [...text].map((ch, i) => (flips[i % flips.length] ? (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join('');
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('name sort keys order names as the collator does', () => {
  it.each(LOCALES)('%s: two Latin names compare by their keys as Intl.Collator compares them', (locale) => {
    const collate = new Intl.Collator(locale).compare;
    const agrees = (a: string, b: string) => order(nameSortKey(a, locale), nameSortKey(b, locale)) === Math.sign(collate(a, b));
    fc.assert(fc.property(name, name, agrees), { numRuns: 10_000 });
    // The hard cases: equal but for case, and one name the start of the other.
    fc.assert(fc.property(fc.string({ unit: latin, maxLength: 8 }), fc.array(fc.boolean(), { minLength: 1 }), fc.string({ unit: latin, maxLength: 2 }),
      (a, flips, tail) => agrees(a, caseVariant(a, flips)) && agrees(a, a + tail) && agrees(caseVariant(a, flips), a + tail)), { numRuns: 5_000 });
  });

  it('Spanish lists ñ as a letter after n, English as an n with an accent', () => {
    const sorted = (locale: 'es' | 'en') => ['Nube', 'Ñandú', 'Oso', 'Nadia'].sort((a, b) => order(nameSortKey(a, locale), nameSortKey(b, locale)));
    expect(sorted('es')).toEqual(['Nadia', 'Nube', 'Ñandú', 'Oso']);
    expect(sorted('en')).toEqual(['Nadia', 'Ñandú', 'Nube', 'Oso']);
  });

  it('keys hold only characters PostgreSQL\'s "C" collation and SQLite order as JavaScript does (no surrogates)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom(...LOCALES), (text, locale) =>
      [...nameSortKey(text, locale)].every((ch) => ch.charCodeAt(0) < 0xd800)));
  });
});
