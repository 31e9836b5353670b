import Type from 'typebox';
import { route } from '../route';
import { IdParams, Nullable, Timestamp } from '../schemas';

/** One entry of a league's tamper-evident log. */
export const LeagueLogEntry = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  actor_id: Nullable(Type.Integer()),
  /** The actor's current name (null: a system change, or the account is gone). */
  actor_name: Nullable(Type.String()),
  /** result_bet.late_entry, result_bet.admin_correction, league.settings, member.removed, member.left, bonus.resolved,
   * bonus.deleted or match.result_corrected. */
  action: Type.String(),
  /** What changed (before/after and its subject). Bet goals are null (hidden: true) until the bet is shown. */
  details: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp,
  prev_hash: Type.String(),
  /** sha256(prev_hash + canonical entry), hex. */
  hash: Type.String(),
});

export const leagueLogRoutes = {
  leagueLog: route({
    method: 'GET', path: '/leagues/log/:id', prefixed: true, access: 'user',
    errors: [403],
    summary: "A league's tamper-evident log of changes that move points or membership, newest first (members)",
    params: IdParams,
    response: Type.Object({ entries: Type.Array(LeagueLogEntry) }),
  }),
} as const;
