import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable, Timestamp } from '../schemas';

/**
 * How a nudge reaches a member: a push to their subscribed devices, an email (reminder emails on, address confirmed),
 * and in Porra itself (the side panel's alerts), which every member gets.
 */
const NudgeChannel = Type.Union([Type.Literal('push'), Type.Literal('email'), Type.Literal('in_app')]);

/** A member with open matches of the next deadline and no bet on at least one of them. */
const MissingBetsMember = Type.Object({
  user_id: Id,
  user_name: Type.String(),
  /** Matches of that deadline the member has not bet on. */
  missing: Type.Integer({ minimum: 1 }),
  /** Already nudged for this deadline (a member is nudged at most once per deadline). */
  nudged: Type.Boolean(),
  /** How a nudge reaches them now, in this order; always ends with `in_app`. */
  reach: Type.Array(NudgeChannel),
});

/** Who has not bet yet for the next deadline of the league's competition (none: no deadline ahead). */
export const MissingBets = Type.Object({
  deadline: Nullable(Timestamp),
  matchday: Nullable(Type.Integer()),
  members: Type.Array(MissingBetsMember),
});

export const nudgeRoutes = {
  leagueMissingBets: route({
    method: 'GET', path: '/leagues/missing_bets/:id', prefixed: true, access: 'user',
    errors: [403],
    summary: 'Members with open matches of the next deadline and no bet on them, and whether each was nudged (owner; global admins may look)',
    params: IdParams, response: MissingBets,
  }),
  leagueNudge: route({
    method: 'POST', path: '/leagues/nudge/:id', prefixed: true, access: 'user', process: 'league_nudge',
    errors: [403, 409],
    summary: 'Nudge every member still without bets for the next deadline (a push and an email within their reminder settings, '
      + 'and always in Porra itself), once per member and deadline (owner); the message says how each was reached; 409 when nobody is left to nudge',
    params: IdParams,
    response: Type.Object({ message: Type.String(), nudged_user_ids: Type.Array(Id), missing: MissingBets }),
  }),
} as const;
