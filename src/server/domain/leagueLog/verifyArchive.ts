import { entryHash, GENESIS_HASH, KEYED_SCHEME, type HashScheme } from './canonical';
import type { BreakReason } from './verifyLog';

/** An entry of a league archive's log (the owner's download), as `verify-log --file` reads it. */
interface ArchivedEntry {
  seq: number; actor_id: number | null; action: string; details: Record<string, unknown>; created_at: number;
  prev_hash: string | null; hash: string | null; scheme: number; withheld: boolean;
}

export interface ArchiveVerification {
  leagueId: number;
  entries: number;
  /** Entries whose hash was recomputed from their content. */
  recomputed: number;
  /** Entries redacted in the archive (a bet still hidden from its owner then): linked into the chain, not recomputed. */
  withheld: number;
  /** The first break, if any. */
  broken: { seq: number; reason: BreakReason } | null;
}

/** A malformed archive file (not JSON, not an archive): exit 1 with the reason. */
export class ArchiveFormatError extends Error {}

const isHash = (v: unknown) => v === null || (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v));

function readEntry(raw: unknown): ArchivedEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  const ok = Number.isInteger(e.seq) && (e.actor_id === null || Number.isInteger(e.actor_id)) && typeof e.action === 'string'
    && !!e.details && typeof e.details === 'object' && !Array.isArray(e.details) && Number.isInteger(e.created_at)
    && isHash(e.prev_hash) && isHash(e.hash) && (e.scheme === 1 || e.scheme === KEYED_SCHEME) && typeof e.withheld === 'boolean';
  return ok ? e as unknown as ArchivedEntry : null;
}

/** The league id and raw log of an archive file's text. */
export function parseArchive(text: string): { leagueId: number; log: unknown[] } {
  let archive: unknown;
  try { archive = JSON.parse(text); } catch (error) { throw new ArchiveFormatError(`the file is not JSON (${(error as Error).message})`); }
  const a = archive as { format?: unknown; league?: { id?: unknown }; log?: unknown };
  if (a?.format !== 'porra-league-archive' || !Number.isInteger(a.league?.id) || !Array.isArray(a.log)) {
    throw new ArchiveFormatError('the file is not a Porra league archive (format "porra-league-archive" with league.id and log)');
  }
  return { leagueId: a.league!.id as number, log: a.log };
}

/**
 * Recomputes an archived league log's chain with the log key, by the same rules as the database's chains: each entry
 * follows the previous one (seq + 1, prev_hash = its hash, from the genesis hash), hashes to its hash under its
 * scheme (the canonical entry rule), stays keyed once keyed, and the chain ends keyed. A withheld entry (redacted
 * details) must still link, and the next entry must link to its hash; an unkeyed withheld hash is absent, so that
 * one link is taken on trust.
 */
export function verifyArchivedLog(leagueId: number, log: unknown[], key: Uint8Array): ArchiveVerification {
  const result: ArchiveVerification = { leagueId, entries: log.length, recomputed: 0, withheld: 0, broken: null };
  let seq = 0;
  let hash: string | null = GENESIS_HASH;
  let keyed = false;
  let scheme = KEYED_SCHEME as number;
  const fail = (at: number, reason: BreakReason) => ({ ...result, broken: { seq: at, reason } });
  for (const raw of log) {
    const entry = readEntry(raw);
    if (!entry) return fail(seq + 1, 'unreadable');
    if (entry.seq !== seq + 1) return fail(entry.seq, 'sequence');
    if ((entry.prev_hash === null) !== (hash === null) || (hash !== null && entry.prev_hash !== hash)) return fail(entry.seq, 'link');
    if (entry.scheme !== KEYED_SCHEME && keyed) return fail(entry.seq, 'unkeyed');
    if (entry.withheld || entry.prev_hash === null) {
      result.withheld += 1;
    } else {
      const content = {
        league_id: leagueId, seq: entry.seq, actor_id: entry.actor_id, action: entry.action, details: entry.details, created_at: entry.created_at,
      };
      if (entry.hash === null || entryHash(entry.prev_hash, content, entry.scheme as HashScheme, key) !== entry.hash) return fail(entry.seq, 'hash');
      result.recomputed += 1;
    }
    seq = entry.seq;
    hash = entry.hash;
    scheme = entry.scheme;
    keyed = keyed || scheme === KEYED_SCHEME;
  }
  if (log.length > 0 && scheme !== KEYED_SCHEME) return fail(seq, 'unkeyed');
  return result;
}
