import type { Static } from 'typebox';
import type { LeagueLogEntry } from '../../../shared/api/routes/leagueLog';

/** An entry of a league's log a member saw: its position and hash. */
export interface LogHead { seq: number; hash: string }

type Entry = Pick<Static<typeof LeagueLogEntry>, 'seq' | 'hash'>;

const storageKey = (leagueId: number) => `porra.league_log_head.${leagueId}`;

/** The newest entry this browser saw in the league's log (kept in localStorage, per league). */
export function readLastSeenHead(leagueId: number): LogHead | null {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(leagueId)) ?? 'null') as Partial<LogHead> | null;
    return value && Number.isInteger(value.seq) && typeof value.hash === 'string' ? { seq: value.seq!, hash: value.hash } : null;
  } catch {
    return null;
  }
}

export function rememberHead(leagueId: number, head: LogHead): void {
  localStorage.setItem(storageKey(leagueId), JSON.stringify(head));
}

/** The newest entry whose hash the reader is shown (entries come newest first). */
export function currentHead(entries: Entry[]): LogHead | null {
  const entry = entries.find((e) => e.hash !== null);
  return entry ? { seq: entry.seq, hash: entry.hash! } : null;
}

/**
 * Whether the log still holds a head seen earlier: lost when the log is now shorter, or another entry stands at its
 * seq (entries were removed or rewritten); unknown when it is older than the entries returned or its hash withheld.
 */
export function headStatus(head: LogHead, entries: Entry[]): 'held' | 'lost' | 'unknown' {
  if (entries.length === 0 || head.seq > entries[0].seq) return 'lost';
  if (head.seq < entries[entries.length - 1].seq) return 'unknown';
  const entry = entries.find((e) => e.seq === head.seq);
  if (!entry) return 'lost';
  if (entry.hash === null) return 'unknown';
  return entry.hash === head.hash ? 'held' : 'lost';
}
