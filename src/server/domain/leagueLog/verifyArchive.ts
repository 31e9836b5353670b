import { archiveSignatureMatches } from './archiveSignature';
import { entryHash, GENESIS_HASH, HASH_SCHEMES, hasHiddenGoals, isKeyed, SEALED_SCHEME, type HashScheme } from './canonical';
import type { BreakReason } from './verifyLog';

/** An entry of a league archive's log (the owner's download), as `verify-log --file` reads it. */
interface ArchivedEntry {
  seq: number; actor_id: number | null; action: string; details: Record<string, unknown>; created_at: number;
  prev_hash: string | null; hash: string | null; scheme: HashScheme; withheld: boolean; goals_seal: string | null;
}

export interface ArchiveVerification {
  leagueId: number;
  entries: number;
  /** Entries whose hash was recomputed from their whole content. */
  recomputed: number;
  /** Withheld entries (a bet still hidden from the owner then) recomputed from everything but their goals, which their keyed seal stands for. */
  sealed: number;
  /**
   * Entries linked into the chain but not recomputed: withheld entries written before goals were sealed, and the
   * entry after a withheld unkeyed one (whose hash, and so its own prev_hash, is left out).
   */
  linkedOnly: number;
  /** The first break, if any. */
  broken: { seq: number; reason: BreakReason } | null;
}

/** A malformed archive file (not JSON, not an archive): exit 1 with the reason. */
class ArchiveFormatError extends Error {}

const isHex64 = (v: unknown) => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
const isHash = (v: unknown) => v === null || isHex64(v);

function readEntry(raw: unknown): ArchivedEntry | null {
  if (!raw || typeof raw !== 'object') return null;
  const e = raw as Record<string, unknown>;
  const ok = Number.isInteger(e.seq) && (e.actor_id === null || Number.isInteger(e.actor_id)) && typeof e.action === 'string'
    && !!e.details && typeof e.details === 'object' && !Array.isArray(e.details) && Number.isInteger(e.created_at)
    && isHash(e.prev_hash) && isHash(e.hash) && HASH_SCHEMES.includes(e.scheme as HashScheme) && typeof e.withheld === 'boolean'
    && isHash(e.goals_seal ?? null);
  return ok ? { ...(e as unknown as ArchivedEntry), goals_seal: (e.goals_seal as string | null | undefined) ?? null } : null;
}

/** A withheld entry may hide a bet's goals and nothing else: what it shows is as the log page shows it. */
const withholdsOnlyGoals = (details: Record<string, unknown>) =>
  hasHiddenGoals(details) && details.before === null && details.after === null && details.hidden === true;

interface ParsedArchive { leagueId: number; exportedAt: string | null; log: unknown[]; archive: Record<string, unknown> }

/** The league id, export time and raw log of an archive file's text, with the whole archive for its signature. */
export function parseArchive(text: string): ParsedArchive {
  let archive: unknown;
  try { archive = JSON.parse(text); } catch (error) { throw new ArchiveFormatError(`the file is not JSON (${(error as Error).message})`); }
  const a = archive as { format?: unknown; league?: { id?: unknown }; log?: unknown; exported_at?: unknown } | null;
  if (a?.format !== 'porra-league-archive' || !Number.isInteger(a.league?.id) || !Array.isArray(a.log)) {
    throw new ArchiveFormatError('the file is not a Porra league archive (format "porra-league-archive" with league.id and log)');
  }
  return {
    leagueId: a.league!.id as number, exportedAt: typeof a.exported_at === 'string' ? a.exported_at : null, log: a.log,
    archive: archive as Record<string, unknown>,
  };
}

/** Whether the archive is signed with this log key, and carries a signature at all. */
export function archiveSignatureState(archive: Record<string, unknown>, key: Uint8Array): 'valid' | 'invalid' | 'missing' {
  if (archive.signature === undefined) return 'missing';
  return archiveSignatureMatches(archive, key) ? 'valid' : 'invalid';
}

/**
 * Recomputes an archived league log's chain with the log key, by the same rules as the database's chains: each entry
 * follows the previous one (seq + 1, prev_hash = its hash, from the genesis hash), hashes to its hash under its
 * scheme (the canonical entry rule), stays keyed once keyed, and the chain ends keyed. Only a bet entry's goals may be
 * withheld: a withheld entry of scheme 3 is recomputed from the rest of it and the keyed seal of its goals; one of an
 * older scheme must still link, and the next entry must link to its hash (an unkeyed withheld hash is absent, so that
 * one link is taken on trust). An entry marked withheld that is no bet entry, or withholds more than the goals, breaks
 * the chain.
 */
export function verifyArchivedLog(leagueId: number, log: unknown[], key: Uint8Array): ArchiveVerification {
  const result: ArchiveVerification = { leagueId, entries: log.length, recomputed: 0, sealed: 0, linkedOnly: 0, broken: null };
  let seq = 0;
  let hash: string | null = GENESIS_HASH;
  let keyed = false;
  let scheme: number = SEALED_SCHEME;
  const fail = (at: number, reason: BreakReason) => ({ ...result, broken: { seq: at, reason } });
  for (const raw of log) {
    const entry = readEntry(raw);
    if (!entry) return fail(seq + 1, 'unreadable');
    if (entry.seq !== seq + 1) return fail(entry.seq, 'sequence');
    if ((entry.prev_hash === null) !== (hash === null) || (hash !== null && entry.prev_hash !== hash)) return fail(entry.seq, 'link');
    if (!isKeyed(entry.scheme) && keyed) return fail(entry.seq, 'unkeyed');
    if (entry.withheld && !withholdsOnlyGoals(entry.details)) return fail(entry.seq, 'withheld');
    const content = {
      league_id: leagueId, seq: entry.seq, actor_id: entry.actor_id, action: entry.action, details: entry.details, created_at: entry.created_at,
    };
    if (entry.withheld && entry.scheme === SEALED_SCHEME) {
      if (entry.goals_seal === null || entry.prev_hash === null || entryHash(entry.prev_hash, content, SEALED_SCHEME, key, entry.goals_seal) !== entry.hash) {
        return fail(entry.seq, 'hash');
      }
      result.sealed += 1;
    } else if (entry.withheld || entry.prev_hash === null) {
      result.linkedOnly += 1;
    } else {
      if (entry.hash === null || entryHash(entry.prev_hash, content, entry.scheme, key) !== entry.hash) return fail(entry.seq, 'hash');
      result.recomputed += 1;
    }
    seq = entry.seq;
    hash = entry.hash;
    scheme = entry.scheme;
    keyed = keyed || isKeyed(scheme);
  }
  if (log.length > 0 && !isKeyed(scheme)) return fail(seq, 'unkeyed');
  return result;
}
