import Type from 'typebox';
import { route } from '../route';
import { Id, Nullable, Strict } from '../schemas';

/** An invitation's token as its link carries it (the server makes 24 URL-safe characters). */
const InvitationToken = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * What the holder of an invitation link sees before having an account: the league, who invited, its rules in
 * brief and the address invited. Nothing else about the league (no members, no bets) and no other invitation.
 */
export const InvitationPreview = Type.Object({
  league: Type.Object({
    id: Id,
    name: Type.String(),
    competition_name: Type.String(),
    members_count: Type.Integer({ minimum: 0 }),
  }),
  inviter_name: Nullable(Type.String()),
  /** The address invited: the landing page fills it into the sign-up form. */
  email: Type.String(),
  /** Whether an account has this address already: the landing page offers sign-in first then, sign-up otherwise. */
  has_account: Type.Boolean(),
  rules: Type.Object({
    bets_system: Type.Union([Type.Literal('disabled'), Type.Literal('sign'), Type.Literal('exact')]),
    /** The most one bet scores (an exact hit), and what the right winner alone scores, before jokers. */
    best_bet_points: Type.Integer({ minimum: 0 }),
    winner_points: Type.Integer({ minimum: 0 }),
    joker_count: Type.Integer({ minimum: 0 }),
    bet_deadline_minutes: Type.Integer({ minimum: 0 }),
  }),
});

export const invitationPreviewRoutes = {
  invitationPreview: route({
    method: 'GET', path: '/invitations/preview', prefixed: true, access: 'public',
    summary: "Public view of a pending invitation by its link's token (league, inviter, rules, invited address); 404 for a token that is unknown, used, dismissed, withdrawn or of a finished competition",
    // The token travels as a query parameter, so request logs mask it like every other `*token` parameter.
    query: Strict({ token: InvitationToken }),
    response: InvitationPreview,
    rateLimit: { max: 60, timeWindow: 900_000 },
    errors: [404],
  }),
} as const;
