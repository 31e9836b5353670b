import type { Executor } from '../../platform/db/database';
import { refreshLeagueStandings } from '../scoring/recompute';
import { leagueIdsOfMember, removeMemberBets, removeMembership } from './membersRepository';
import { handOverOwnedLeagues } from './ownership';

/**
 * Account deletion: the user leaves every league as removeMember does, bets of every league first and then league
 * by league (lowest id first, the same order for everyone), and hands on the leagues they owned.
 */
export async function leaveEveryLeague(trx: Executor, userId: number, now: number): Promise<void> {
  const leagueIds = await leagueIdsOfMember(trx, userId);
  for (const id of leagueIds) await removeMemberBets(trx, id, userId);
  for (const id of leagueIds) {
    await refreshLeagueStandings(trx, id);
    await removeMembership(trx, id, userId);
  }
  await handOverOwnedLeagues(trx, userId, now);
}
