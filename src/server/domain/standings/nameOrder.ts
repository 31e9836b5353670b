/**
 * Names ordered as Intl.Collator orders them in the app's languages, without the collator for most names: a big
 * league's table orders up to 200,000 names, and the collator's comparisons are most of that sort's time.
 * Names of ASCII letters, digits and spaces only ("plain") order as the collation does by their lowercase forms
 * compared code unit by code unit (space, then digits, then letters: its primary order), and among names equal but
 * for case, lowercase first at the first difference (its tertiary order). Any other name is compared by the collator.
 * Spanish and English agree on plain names (Spanish tailors only ñ). A property test holds this to the collator.
 */

const PLAIN = /^[A-Za-z0-9 ]*$/;

/** What a name is compared by: the lowercase form of a plain name, or null (the collator compares it). */
export const plainKey = (name: string): string | null => (PLAIN.test(name) ? name.toLowerCase() : null);

/** `collate`'s order of two names, with their plainKey's. */
export function compareNames(collate: (a: string, b: string) => number, a: string, aKey: string | null, b: string, bKey: string | null): number {
  if (aKey === null || bKey === null) return collate(a, b);
  if (aKey !== bKey) return aKey < bKey ? -1 : 1;
  for (let index = 0; index < a.length; index += 1) {
    const difference = a.charCodeAt(index) - b.charCodeAt(index);
    // Same letter, other case: the lowercase one (higher code unit) first.
    if (difference !== 0) return difference > 0 ? -1 : 1;
  }
  return 0;
}
