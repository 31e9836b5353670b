import { currentLocale } from './i18n';

/** Dates and times in 24-hour format, in the user's own time zone. */
const format = (iso: string | number | Date, options: Intl.DateTimeFormatOptions): string =>
  new Intl.DateTimeFormat(currentLocale(), { hourCycle: 'h23', ...options }).format(new Date(iso));

export const formatDateTime = (iso: string | number | Date): string =>
  format(iso, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const formatTime = (iso: string | number | Date): string => format(iso, { hour: '2-digit', minute: '2-digit' });

export const formatDay = (iso: string | number | Date): string => format(iso, { weekday: 'long', day: 'numeric' });
