import type { Locale } from '../../../shared/domain/locales';

/*
 * Counts, ranks and shares as each language writes them. Spanish groups thousands with a point from 1.000 on (the
 * locale's default leaves four-digit numbers bare, which reads oddly beside 5.000.000) and marks an ordinal with
 * ".º" (1.234.º); English groups with a comma and takes the suffix its plural rules name (1st, 22nd, 1,234th).
 */

const ENGLISH_SUFFIXES: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 5,000,000 / 5.000.000. */
export const formatCount = (value: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, { useGrouping: 'always', maximumFractionDigits: 0 }).format(value);

/** 1,234th / 1.234.º. */
export function formatOrdinal(value: number, locale: Locale): string {
  const count = formatCount(value, locale);
  if (locale === 'es') return `${count}.º`;
  return `${count}${ENGLISH_SUFFIXES[new Intl.PluralRules('en', { type: 'ordinal' }).select(value)] ?? 'th'}`;
}

/** A share given in percent (1 for 1 %), to a tenth at most: 1% / 1 %, 0.1% / 0,1 %. */
export const formatPercent = (percent: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(percent / 100);
