import type { Locale } from '../../../shared/domain/locales';
import type { AppDeps } from '../../platform/deps';
import { streamStandings } from './streamStandings';

export type StreamTable = ReturnType<typeof streamStandings>;

/**
 * A table sent to streams is reused for streams opening within this long: during a match, opening (or reopening
 * in a loop) any number of streams costs one table per league and language, not one each.
 */
const TABLE_REUSE_MS = 5000;

/** The tables built for this process's streams, shared between the streams that need them at about the same time. */
export function createTableReuse(deps: AppDeps) {
  /** `leagueId:locale` -> the last table built for its streams, and when its build started. */
  const recentTables = new Map<string, { at: number; table: StreamTable }>();

  /**
   * The league's table in this language, built after `freshSince` (a table whose build started then or later holds
   * everything stored before), or with null any table less than TABLE_REUSE_MS old. Builds started alongside are
   * shared: streams resuming together wait for one build.
   */
  return function tableFor(leagueId: number, locale: Locale, freshSince: number | null): StreamTable {
    const key = `${leagueId}:${locale}`;
    const recent = recentTables.get(key);
    const now = Date.now();
    if (recent && (freshSince === null ? now - recent.at < TABLE_REUSE_MS : recent.at >= freshSince)) return recent.table;
    // Expired entries go as new ones come (kept even when a league's last stream closes: it may reopen at once).
    for (const [other, entry] of recentTables) if (now - entry.at >= TABLE_REUSE_MS) recentTables.delete(other);
    const table = streamStandings(deps, leagueId, locale);
    recentTables.set(key, { at: now, table });
    // A failed build is not reused.
    table.catch(() => { if (recentTables.get(key)?.table === table) recentTables.delete(key); });
    return table;
  };
}
