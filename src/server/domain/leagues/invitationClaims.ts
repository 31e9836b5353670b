import type { Executor } from '../../platform/db/database';
import type { AuthUser } from '../../platform/http/context';
import { forbidden } from '../../platform/errors/errors';
import {
  acceptInvitation, acceptPendingForEmail, findPendingByToken, findPendingForEmail, type Invitee,
} from './invitationsRepository';

/**
 * Who may claim an invitation. An invitation is addressed to an email, so only the account whose verified address
 * is that email may claim it: by address (joining without a token, listing it in invitations/mine, its token in
 * messages) or by token. A token alone proves nothing about who holds it (it travels in a mail that can be
 * forwarded, and a squatter of the address could read it), so another account holding it is refused. An account id
 * on an invitation was matched on an address the account may not own, so it never claims anything by itself.
 */

/** Invitations are addressed to lowercased emails. */
export const asInvitee = (user: Pick<AuthUser, 'id' | 'email'>): Invitee => ({ id: user.id, email: user.email.trim().toLowerCase() });

export type ClaimedInvitation = NonNullable<Awaited<ReturnType<typeof findPendingByToken>>>;

/** The pending invitation to this league addressed to the caller's verified address, if any. */
export async function invitationForCaller(db: Executor, leagueId: number, user: AuthUser): Promise<ClaimedInvitation | undefined> {
  if (!user.email_verified) return undefined;
  return findPendingForEmail(db, leagueId, asInvitee(user).email);
}

/** The pending invitation this token opens, if it is one of this league's. */
export async function invitationByToken(db: Executor, leagueId: number, token: string): Promise<ClaimedInvitation | undefined> {
  const invitation = await findPendingByToken(db, token);
  return invitation?.league_id === leagueId ? invitation : undefined;
}

export function requireVerifiedEmail(user: AuthUser): void {
  if (!user.email_verified) throw forbidden('errors.invitation_needs_verified_email');
}

/** A token opens its invitation only for the verified account of the address it was sent to. */
export function requireInvitee(user: AuthUser, invitation: ClaimedInvitation): void {
  requireVerifiedEmail(user);
  if (invitation.email !== asInvitee(user).email) throw forbidden('errors.invitation_for_another_address');
}

/**
 * The caller joined: the invitation used is accepted, and with a verified address every other pending invitation
 * to that address for the league is settled too (an unverified account settles nothing it has not used).
 */
export async function settleInvitationsOnJoin(
  db: Executor, leagueId: number, user: AuthUser, used: ClaimedInvitation | undefined, now: number,
): Promise<void> {
  if (used) await acceptInvitation(db, used.id, user.id, now);
  if (user.email_verified) await acceptPendingForEmail(db, leagueId, asInvitee(user), now);
}
