import { createHash, createHmac } from 'node:crypto';

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

/**
 * How an entry's hash is made, stored with the entry. 1: sha256(previous hash + canonical entry), entries written
 * before the log was keyed (anyone who can read a hidden entry's fields could try every score against it, and anyone
 * who can write the database could recompute them). 2: HMAC-SHA256 with the log key, which the database does not hold.
 */
export type HashScheme = 1 | 2;
export const KEYED_SCHEME: HashScheme = 2;

/** The entry's hash under its scheme, hex (the key is only used by scheme 2). */
export function entryHash(prevHash: string, entry: LogEntryContent, scheme: HashScheme, key: Uint8Array): string {
  const hash = scheme === 1 ? createHash('sha256') : createHmac('sha256', key);
  return hash.update(prevHash + canonicalJson(entry)).digest('hex');
}
