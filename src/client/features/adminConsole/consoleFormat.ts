import type { Static } from 'typebox';
import type { ProcessOutcome } from '../../../shared/api/routes/adminCompetitions';
import { formatDateTime } from '../../lib/i18n/dates';

export type Outcome = Static<typeof ProcessOutcome>;

/** The MUI colour of an outcome: running is news, failed needs a look. */
export const outcomeColor = (outcome: Outcome): 'info' | 'success' | 'error' =>
  outcome === 'running' ? 'info' : outcome === 'done' ? 'success' : 'error';

/** A run's length as people read it: "850 ms", "12.4 s", "3 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** A time or a dash when there is none. */
export const dateOrDash = (iso: string | null | undefined): string => (iso ? formatDateTime(iso) : '—');

/** The page count of a paged answer (at least one, so the pager has somewhere to stand). */
export const pageCount = ({ total, per_page }: { total: number; per_page: number }): number => Math.max(1, Math.ceil(total / per_page));

/** Select filters show their "any" choice when empty, rather than an empty box under the label. */
export const ANY_SHOWN = { inputLabel: { shrink: true }, select: { displayEmpty: true } } as const;
