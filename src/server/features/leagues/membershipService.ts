import type { League } from '../../../shared/api/entities';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { conflict, forbidden, notFound } from '../../platform/errors/errors';
import {
  invitationByToken, invitationForCaller, requireInvitee, settleInvitationsOnJoin, type ClaimedInvitation,
} from '../../domain/leagues/invitationClaims';
import { markLeagueInvitationsRead } from '../../domain/leagues/messagesRepository';
import { appendLeagueLog } from '../../domain/leagueLog/leagueLogService';
import { refreshLeagueStandings } from '../../domain/rescoring/recompute';
import { touchLeagueTable } from '../../domain/standings/tableVersions';
import { lockPlayersLeagues } from '../../domain/standings/overallStandings';
import { banFromLeague, findBan, liftBan } from '../../domain/leagues/bansRepository';
import { loadLeagueAccess, requireMember, requireOwner, requireWritable } from '../../domain/leagues/leagueAccess';
import { leagueView } from './leagueViews';
import {
  addMember, findMember, listMembers, removeMemberBets, removeMembership, setDepartment,
} from '../../domain/leagues/membersRepository';
import { handOverOwnedLeagues, ownerChanges } from '../../domain/leagues/ownership';

/**
 * Joining: with an invitation token (accepts it), with the league's share token, or without a token when the
 * league allows joining or the caller's verified address has a pending invitation to it. An invitation's token
 * is accepted only from the verified account of the address it was sent to. A member the owner removed is banned: only a personal invitation
 * from the owner, sent after the removal, lets them back.
 */
export async function joinLeague(deps: AppDeps, user: AuthUser, leagueId: number, token: string | null | undefined): Promise<League> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireWritable(access);
    if (access.isMember) throw conflict('errors.user_already_in_league');
    let invitation: ClaimedInvitation | undefined;
    if (token && token !== access.league.share_token) {
      invitation = await invitationByToken(trx, leagueId, token);
      if (!invitation) throw notFound('errors.invitation_not_found');
      requireInvitee(user, invitation);
    } else {
      // Share link or no token: an invitation to the caller's verified address counts too (and may lift a ban).
      invitation = await invitationForCaller(trx, leagueId, user);
      if (!token && !invitation && access.league.allow_join !== 1) throw forbidden();
    }
    const ban = await findBan(trx, leagueId, user.id);
    const liftsBan = invitation !== undefined && invitation.inviter_id === access.league.owner_id
      && ban !== undefined && invitation.created_at >= ban.banned_at;
    if (ban && !liftsBan) throw forbidden('errors.removed_from_league');
    // Concurrent joins of the same user: the primary key keeps one membership; the others answer 409.
    if (!(await addMember(trx, leagueId, user.id, now))) throw conflict('errors.user_already_in_league');
    if (ban) await liftBan(trx, leagueId, user.id);
    await settleInvitationsOnJoin(trx, leagueId, user, invitation, now);
    await markLeagueInvitationsRead(trx, user.id, leagueId, now);
    await refreshLeagueStandings(trx, leagueId);
    const via = invitation ? 'invitation' : token ? 'share_link' : 'open';
    await appendLeagueLog(trx, { now, key: deps.logKey }, [{ leagueId, actorId: user.id, action: 'member.joined', details: { user_id: user.id, via } }]);
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
    await removeMember(trx, leagueId, user.id);
    const { deleted, successors } = access.isOwner ? await handOverOwnedLeagues(trx, user.id, now, leagueId) : { deleted: 0, successors: [] };
    // A league its last member left is gone (its log archived by the database).
    if (deleted > 0) return;
    await appendLeagueLog(trx, { now, key: deps.logKey }, [
      { leagueId, actorId: user.id, action: 'member.left', details: { user_id: user.id } },
      ...ownerChanges(user.id, successors),
    ]);
  });
}

/** The owner removes a member: their bets go, and they are banned from coming back by the share link or open join. */
export async function removeFromLeague(deps: AppDeps, user: AuthUser, leagueId: number, userId: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, leagueId, user);
    requireOwner(access);
    requireWritable(access);
    // The owner leaves through leagueCancel, which hands the league on.
    if (userId === user.id) throw forbidden();
    if (!(await findMember(trx, leagueId, userId))) throw notFound('errors.user_not_found');
    await removeMember(trx, leagueId, userId);
    await banFromLeague(trx, leagueId, userId, now);
    await appendLeagueLog(trx, { now, key: deps.logKey }, [{ leagueId, actorId: user.id, action: 'member.removed', details: { user_id: userId } }]);
  });
}

/**
 * A member goes: bets of every kind and mode first, then the league's standings are re-summed without them, then
 * the membership and its stored matchday points. In this order the standings locks are taken before this
 * transaction holds any standings row, so it never waits for a refresh that waits for it (PostgreSQL; see
 * standings/standingsRefresh.ts).
 */
async function removeMember(trx: Executor, leagueId: number, userId: number): Promise<void> {
  // Leaving a main league moves the player's overall place to another of their leagues: all their leagues of the
  // competition are locked first, in one order.
  const league = await trx.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirstOrThrow();
  await lockPlayersLeagues(trx, Number(league.competition_id), [userId]);
  await removeMemberBets(trx, leagueId, userId);
  await refreshLeagueStandings(trx, leagueId);
  await removeMembership(trx, leagueId, userId);
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
    await touchLeagueTable(trx, leagueId);
    const member = (await listMembers(trx, leagueId)).find((m) => m.user_id === userId)!;
    return toMemberView(member);
  });
}
