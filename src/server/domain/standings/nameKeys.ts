import type { Locale } from '../../../shared/domain/locales';

/**
 * Sort keys of names: strings whose code-unit order (JavaScript's `<`, PostgreSQL's `COLLATE "C"`, SQLite's binary
 * order) is the order Intl.Collator gives the names in a language. Stored tables list the members who share a
 * position by these keys, so an index orders them instead of a sort in the process.
 *
 * A key has the collation's three levels, compared as the Unicode Collation Algorithm compares them: the letters'
 * base weights (space, punctuation, digits, letters; accents and case aside), then their accents, then their case.
 * The weights are read from the collator itself over the Latin characters, so Spanish's ñ (a letter of its own) and
 * English's (an n with an accent) come out as each language orders them; a property test holds the keys to the
 * collator. A character outside Latin is placed among the Latin ones by the collator, and equal to the others placed
 * there. Trailing zero accent and case weights are left out: plain lowercase names keep only their base level.
 */

interface Weights { primary: number; secondary: number; tertiary: number }
interface Table { weights: Map<string, Weights>; representatives: string[]; base: (a: string, b: string) => number }

/** Letters the collator expands into two (æ sorts as a then e, with a difference of its own at the accent level). */
const EXPANSIONS: Record<string, string> = { 'æ': 'ae', 'Æ': 'AE', 'œ': 'oe', 'Œ': 'OE', 'ß': 'ss', 'ẞ': 'SS' };

/** Printable Basic Latin, Latin-1, Latin Extended-A and B: the characters whose weights are read from the collator. */
function latinCharacters(): string[] {
  const chars: string[] = [];
  for (let code = 0x20; code <= 0x24f; code += 1) {
    if (code >= 0x7f && code <= 0xa0) continue;
    const ch = String.fromCharCode(code);
    if (!(ch in EXPANSIONS) && ch.normalize('NFC') === ch) chars.push(ch);
  }
  return chars;
}

/** Each group of characters `compare` calls equal, in its order. */
function groups(chars: string[], compare: (a: string, b: string) => number): string[][] {
  const result: string[][] = [];
  for (const ch of [...chars].sort(compare)) {
    const last = result.at(-1);
    if (last && compare(last[0], ch) === 0) last.push(ch); else result.push([ch]);
  }
  return result;
}

/** Within each group of `outer`, the rank (from 0) of each character's group under the finer `inner` comparison. */
function innerRanks(outer: string[][], inner: (a: string, b: string) => number): Map<string, number> {
  const result = new Map<string, number>();
  for (const group of outer) groups(group, inner).forEach((members, rank) => { for (const ch of members) result.set(ch, rank); });
  return result;
}

function buildTable(locale: Locale): Table {
  const base = new Intl.Collator(locale, { sensitivity: 'base' }).compare;
  const accent = new Intl.Collator(locale, { sensitivity: 'accent' }).compare;
  const variant = new Intl.Collator(locale, { sensitivity: 'variant' }).compare;
  const primaryGroups = groups(latinCharacters(), base);
  const secondary = innerRanks(primaryGroups, accent);
  const tertiary = innerRanks(primaryGroups.flatMap((group) => groups(group, accent)), variant);
  const weights = new Map<string, Weights>();
  primaryGroups.forEach((group, rank) => {
    // Two units per base rank: the odd unit between two ranks places a character from outside the table.
    for (const ch of group) weights.set(ch, { primary: 2 * rank + 2, secondary: secondary.get(ch)!, tertiary: tertiary.get(ch)! });
  });
  return { weights, representatives: primaryGroups.map((group) => group[0]), base };
}

/**
 * A character outside the table: between the base ranks around it, without accent or case weights; null when the
 * collator ignores it.
 */
function outsideWeights(table: Table, ch: string): Weights | null {
  if (table.base(`a${ch}`, 'a') === 0) return null;
  let low = 0;
  let high = table.representatives.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (table.base(table.representatives[middle], ch) < 0) low = middle + 1; else high = middle;
  }
  return { primary: 2 * low + 1, secondary: 0, tertiary: 0 };
}

/** The accent weight an expanded letter adds: above every accent of its spelled-out pair. */
const EXPANDED = 64;

/** Weights as key characters: one each, above the level separator, below the surrogates. */
const unit = (weight: number) => String.fromCharCode(0x21 + weight);
const SEPARATOR = '\u0001';
const trimZeros = (level: number[]) => {
  let end = level.length;
  while (end > 0 && level[end - 1] === 0) end -= 1;
  return level.slice(0, end).map(unit).join('');
};

/** Weight tables per language, built on first use (a few milliseconds) and kept for the process, as collators are. */
const tables = new Map<Locale, Table>();

/** The sort key of `name` in `locale`. */
export function nameSortKey(name: string, locale: Locale): string {
  let table = tables.get(locale);
  if (!table) { table = buildTable(locale); tables.set(locale, table); }
  const primary: number[] = [];
  const secondary: number[] = [];
  const tertiary: number[] = [];
  for (const ch of name.normalize('NFC')) {
    const expanded = EXPANSIONS[ch];
    for (const part of expanded ?? ch) {
      const weights = table.weights.get(part) ?? outsideWeights(table, part);
      if (!weights) continue;
      primary.push(weights.primary);
      // An expanded letter differs from its spelled-out pair at the accent level, after it.
      secondary.push(weights.secondary + (expanded ? EXPANDED : 0));
      tertiary.push(weights.tertiary);
    }
  }
  return `${primary.map(unit).join('')}${SEPARATOR}${trimZeros(secondary)}${SEPARATOR}${trimZeros(tertiary)}`;
}

/** The start every key of a name beginning with `text` shares: its base level (accents and case do not count). */
export function nameSearchPrefix(text: string, locale: Locale): string {
  const key = nameSortKey(text.trim(), locale);
  return key.slice(0, key.indexOf(SEPARATOR));
}
