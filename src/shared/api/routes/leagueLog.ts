import Type from 'typebox';
import { route } from '../route';
import { IdParams, Nullable, Timestamp } from '../schemas';

/** One entry of a league's tamper-evident log. */
export const LeagueLogEntry = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  actor_id: Nullable(Type.Integer()),
  /** The actor's current name (null: a system change, or the account is gone). */
  actor_name: Nullable(Type.String()),
  /** result_bet.late_entry, result_bet.admin_correction, league.settings, member.joined, member.removed, member.left,
   * member.account_deleted, league.owner_changed, bonus.resolved, bonus.deleted, match.result_corrected, log.keyed
   * (older, unkeyed entries sealed by a keyed one), or of the board (never its text): post.created, post.edited,
   * post.deleted, post.pinned, post.unpinned, board.closed, board.opened. */
  action: Type.String(),
  /** What changed (before/after and its subject). Bet goals are null (hidden: true) until the bet is shown. */
  details: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp,
  /** The previous entry's hash (null while that entry's is withheld). */
  prev_hash: Nullable(Type.String()),
  /**
   * Keyed entries: HMAC-SHA256 of prev_hash + canonical entry with the server's log key, hex. Older unkeyed entries:
   * sha256 of the same; null while such an entry's bet is hidden (the hash would give the bet away).
   */
  hash: Nullable(Type.String()),
  /** Whether the hash is keyed (HMAC) or an older unkeyed sha256. */
  keyed: Type.Boolean(),
});

export const leagueLogRoutes = {
  leagueLog: route({
    method: 'GET', path: '/leagues/log/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "A league's tamper-evident log of changes that move points or membership, newest first (members)",
    params: IdParams,
    response: Type.Object({ entries: Type.Array(LeagueLogEntry) }),
  }),
} as const;
