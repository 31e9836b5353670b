import { createHash } from 'node:crypto';

/**
 * Canonical JSON of a log entry: object keys sorted at every level, no whitespace, so the same entry always hashes
 * the same whatever order its fields were built in. Undefined members are left out, like JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The hashed fields of an entry (its row minus id and hashes; details parsed). */
export interface LogEntryContent {
  league_id: number; seq: number; actor_id: number | null; action: string; details: unknown; created_at: number;
}

/** The chain's first previous hash. */
export const GENESIS_HASH = '0'.repeat(64);

/** sha256(previous hash + canonical entry), hex. */
export function entryHash(prevHash: string, entry: LogEntryContent): string {
  return createHash('sha256').update(prevHash + canonicalJson(entry)).digest('hex');
}
