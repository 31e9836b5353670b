import { hasHiddenGoals, isKeyed } from './canonical';

/** What a reader of a league's log may see of each entry: the log page and the owner's archive both apply it. */

export type LogDetails = Record<string, unknown>;

/**
 * Bet goals in an entry stay hidden from other members until the bet is shown (its deadline), like the bet itself.
 * A late entry happens after the deadline, so in practice this only guards a deadline that moved.
 */
export function redactLogDetails(details: LogDetails, viewerId: number, deadlines: Map<number, number>, now: number): LogDetails {
  const matchId = typeof details.match_id === 'number' ? details.match_id : null;
  // Only bet entries carry bet goals (a result correction's scores are public).
  if (matchId === null || !hasHiddenGoals(details) || details.user_id === viewerId) return details;
  const deadline = deadlines.get(matchId);
  if (deadline === undefined || now >= deadline) return details;
  return { ...details, before: null, after: null, hidden: true };
}

/**
 * Unkeyed (sha256) entries can be tested against every possible score, so while an unkeyed entry's bet is hidden its
 * hash is withheld, and with it the next entry's prev_hash, which is the same value. Keyed hashes reveal nothing.
 */
export function withheldHashes(entries: { seq: number; hidden: boolean; scheme: number }[]): Set<number> {
  return new Set(entries.filter((e) => e.hidden && !isKeyed(e.scheme)).map((e) => e.seq));
}
