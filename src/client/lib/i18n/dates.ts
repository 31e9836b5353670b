import { currentLocale } from './i18n';
import type { Locale } from '../../../shared/domain/locales';

/**
 * Dates in one format per language, as each language's readers write them: Spanish by numbers, day first
 * ("05/12/2026, 15:55"; "23/11, 11:55" when the year goes without saying), English with the month's short name
 * ("5 Dec 2026, 15:55"; "23 Nov, 11:55"), never the American month first. 24-hour clock, the user's time zone.
 */
const DATE_PARTS: Record<Locale, { locale: string; day: Intl.DateTimeFormatOptions }> = {
  es: { locale: 'es-ES', day: { day: '2-digit', month: '2-digit' } },
  en: { locale: 'en-GB', day: { day: 'numeric', month: 'short' } },
};

const format = (iso: string | number | Date, options: Intl.DateTimeFormatOptions): string => {
  const { locale } = DATE_PARTS[currentLocale()];
  return new Intl.DateTimeFormat(locale, { hourCycle: 'h23', ...options }).format(new Date(iso));
};

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** A date and time with its year: "05/12/2026, 15:55" / "5 Dec 2026, 15:55". */
export const formatDateTime = (iso: string | number | Date): string =>
  format(iso, { ...DATE_PARTS[currentLocale()].day, year: 'numeric', ...TIME });

/** A date and time without the year, for moments close to now: "23/11, 11:55" / "23 Nov, 11:55". */
export function formatShortDateTime(iso: string | number | Date): string {
  if (currentLocale() === 'en') return format(iso, { ...DATE_PARTS.en.day, ...TIME });
  // Spanish keeps the two-digit day of the full form ("05/12"); Intl drops it once the year is left out.
  const parts = new Intl.DateTimeFormat('es-ES', { ...DATE_PARTS.es.day, ...TIME, hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day').padStart(2, '0')}/${part('month').padStart(2, '0')}, ${part('hour')}:${part('minute')}`;
}

/** A date alone: "05/12/2026" / "5 Dec 2026". */
export const formatDate = (iso: string | number | Date): string => format(iso, { ...DATE_PARTS[currentLocale()].day, year: 'numeric' });

export const formatTime = (iso: string | number | Date): string => format(iso, TIME);

