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
interface LogEntryContent {
  league_id: number; seq: number; actor_id: number | null; action: string; details: unknown; created_at: number;
}

/** The chain's first previous hash. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * How an entry's hash is made, stored with the entry. 1: sha256(previous hash + canonical entry), entries written
 * before the log was keyed (anyone who can read a hidden entry's fields could try every score against it, and anyone
 * who can write the database could recompute them). 2: HMAC-SHA256 with the log key, which the database does not hold.
 * 3 (what every entry is written with now): as 2, except that a bet entry's goals (`before`, `after`, the part a
 * reader may not see yet) are chained through their keyed seal (`goalsSeal`), so an archive that withholds the goals
 * and gives the seal still lets the rest of the entry be recomputed.
 */
export type HashScheme = 1 | 2 | 3;
const KEYED_SCHEME: HashScheme = 2;
export const SEALED_SCHEME: HashScheme = 3;
export const HASH_SCHEMES: readonly HashScheme[] = [1, 2, 3];

/** Whether an entry of this scheme was hashed with the log key (a writer without the key cannot make one). */
export const isKeyed = (scheme: number) => scheme === KEYED_SCHEME || scheme === SEALED_SCHEME;

/**
 * A bet entry (a late entry, an admin's correction): its goals stay hidden from other members until the bet's
 * deadline, so they are the one part of an entry a reader may be shown without.
 */
export const hasHiddenGoals = (details: unknown): details is Record<string, unknown> =>
  !!details && typeof details === 'object' && 'result_bet_id' in details && typeof (details as { match_id?: unknown }).match_id === 'number';

/** A key of its own per use, derived from the log key, so no value made for one use is valid for another. */
export function derivedKey(key: Uint8Array, purpose: string): Buffer {
  return createHmac('sha256', key).update(purpose).digest();
}

/** The keyed seal of a bet entry's goals: equal goals seal alike, and nobody without the key can test a guess. */
export function goalsSeal(details: Record<string, unknown>, key: Uint8Array): string {
  return createHmac('sha256', derivedKey(key, 'porra-log-goals')).update(canonicalJson({ before: details.before ?? null, after: details.after ?? null })).digest('hex');
}

/** A bet entry's details as scheme 3 chains them: the goals replaced by their seal (given, or made from the goals). */
function sealedDetails(details: Record<string, unknown>, key: Uint8Array, seal?: string): Record<string, unknown> {
  const { before: _before, after: _after, hidden: _hidden, ...rest } = details;
  return { ...rest, goals_seal: seal ?? goalsSeal(details, key) };
}

/**
 * The entry's hash under its scheme, hex (the key is used by schemes 2 and 3). `seal` stands for a scheme-3 bet
 * entry's withheld goals (an archive's withheld entry); without it the seal is made from the entry's goals.
 */
export function entryHash(prevHash: string, entry: LogEntryContent, scheme: HashScheme, key: Uint8Array, seal?: string): string {
  const hash = scheme === 1 ? createHash('sha256') : createHmac('sha256', key);
  const chained = scheme === SEALED_SCHEME && hasHiddenGoals(entry.details) ? { ...entry, details: sealedDetails(entry.details, key, seal) } : entry;
  return hash.update(prevHash + canonicalJson(chained)).digest('hex');
}
