import type { League } from '../../../shared/api/entities';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { conflict, forbidden, notFound } from '../../http/errors';
import {
  acceptInvitation, acceptPendingFor, findPendingByToken, findPendingFor, type Invitee,
} from '../invitations/invitationsRepository';
import { markLeagueInvitationsRead } from '../invitations/messagesRepository';
import { refreshLeagueStandings } from '../scoring/recompute';
import { loadLeagueAccess, requireMember, requireOwner, requireWritable } from './leagueAccess';
import { leagueView } from './leagueViews';
import { addMember, findMember, listMembers, removeMemberAndBets, setDepartment } from './membersRepository';
import { handOverOwnedLeagues } from './ownership';

/** Invitations are addressed to lowercased emails. */
export const asInvitee = (user: AuthUser): Invitee => ({ id: user.id, email: user.email.trim().toLowerCase() });

/**
 * Joining: with an invitation token (accepts it), with the league's share token, or without a token when the
 * league allows joining or the caller has a pending invitation to it.
 */
export async function joinLeague(deps: AppDeps, user: AuthUser, leagueId: number, token: string | null | undefined): Promise<League> {
  const now = deps.clock.now();
  const invitee = asInvitee(user);
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireWritable(access);
    if (access.isMember) throw conflict('errors.user_already_in_league');
    if (token) {
      if (token !== access.league.share_token) {
        const invitation = await findPendingByToken(trx, token);
        if (!invitation || invitation.league_id !== leagueId) throw notFound('errors.invitation_not_found');
        await acceptInvitation(trx, invitation.id, user.id, now);
      }
    } else if (access.league.allow_join !== 1 && !(await findPendingFor(trx, leagueId, invitee))) {
      throw forbidden();
    }
    // Concurrent joins of the same user: the primary key keeps one membership; the others answer 409.
    if (!(await addMember(trx, leagueId, user.id, now))) throw conflict('errors.user_already_in_league');
    await acceptPendingFor(trx, leagueId, invitee, now);
    await markLeagueInvitationsRead(trx, user.id, leagueId, now);
    await refreshLeagueStandings(trx, leagueId);
    return leagueView(trx, user.id, leagueId, now);
  });
}

/** Leaving loses the caller's bets; an owner hands the league on (or it goes when nobody is left). */
export async function leaveLeague(deps: AppDeps, user: AuthUser, leagueId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireMember(access);
    requireWritable(access);
    await removeMemberAndBets(trx, leagueId, user.id);
    if (access.isOwner && (await handOverOwnedLeagues(trx, user.id, now, leagueId)).deleted > 0) return;
    await refreshLeagueStandings(trx, leagueId);
  });
}

export async function removeFromLeague(deps: AppDeps, user: AuthUser, leagueId: number, userId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
    // The owner leaves through leagueCancel, which hands the league on.
    if (userId === user.id) throw forbidden();
    if (!(await findMember(trx, leagueId, userId))) throw notFound('errors.user_not_found');
    await removeMemberAndBets(trx, leagueId, userId);
    await refreshLeagueStandings(trx, leagueId);
  });
}

export interface MemberView { user_id: number; user_name: string; department: string | null; joined_at: string; is_owner: boolean }

export function toMemberView(row: Awaited<ReturnType<typeof listMembers>>[number]): MemberView {
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    department: row.department,
    joined_at: new Date(row.joined_at).toISOString(),
    is_owner: row.user_id === row.owner_id,
  };
}

/** The owner sets anyone's department; a member sets their own. Blank clears it. */
export async function changeDepartment(
  deps: AppDeps, user: AuthUser, leagueId: number, userId: number, department: string | null,
): Promise<MemberView> {
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    if (!access.isOwner && !(access.isMember && userId === user.id)) throw forbidden();
    requireWritable(access);
    if (!(await findMember(trx, leagueId, userId))) throw notFound('errors.user_not_found');
    const cleaned = department?.trim().replace(/\s+/g, ' ') || null;
    await setDepartment(trx, leagueId, userId, cleaned);
    const member = (await listMembers(trx, leagueId)).find((m) => m.user_id === userId)!;
    return toMemberView(member);
  });
}
