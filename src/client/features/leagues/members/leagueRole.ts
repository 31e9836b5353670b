import type { League } from '../../../../shared/api/entities';

/**
 * What a member's way into the league's members page is called, by what they may do there: the owner administers
 * the league; a member the league lets invite invites (and sees the members); any other member sees the members
 * and may leave.
 */
type MembersPageRole = 'administration' | 'invite' | 'members';

export function membersPageRole(league: Pick<League, 'owner_id' | 'allow_invite'>, userId: number | null): MembersPageRole {
  if (league.owner_id === userId) return 'administration';
  return league.allow_invite ? 'invite' : 'members';
}
