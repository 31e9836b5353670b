import type { Executor } from '../../platform/db/database';
import { appendLeagueLog, type LogStamp } from '../leagueLog/leagueLogService';
import { refreshLeagueStandings } from './recompute';
import { lockPlayersLeagues } from '../standings/overallStandings';
import { leagueIdsOfMember, removeMemberBets, removeMembership } from '../leagues/membersRepository';
import { handOverOwnedLeagues, ownerChanges } from '../leagues/ownership';

/**
 * Account deletion: the user leaves every league as removeMember does, bets of every league first and then league
 * by league (lowest id first, the same order for everyone), and hands on the leagues they owned. Each league that
 * remains logs the departure with the bets it removed, and any hand-over (last, like every log append).
 */
export async function leaveEveryLeague(trx: Executor, userId: number, stamp: LogStamp): Promise<void> {
  const leagueIds = await leagueIdsOfMember(trx, userId);
  // Every league of theirs is locked first, competition by competition (their overall places move as they leave).
  const competitions = leagueIds.length === 0 ? [] : await trx.selectFrom('leagues').select('competition_id').distinct()
    .where('id', 'in', leagueIds).orderBy('competition_id').execute();
  for (const { competition_id: competitionId } of competitions) await lockPlayersLeagues(trx, Number(competitionId), [userId]);
  const removed = new Map<number, number>();
  for (const id of leagueIds) removed.set(id, await removeMemberBets(trx, id, userId));
  for (const id of leagueIds) {
    await refreshLeagueStandings(trx, id);
    await removeMembership(trx, id, userId);
  }
  const { successors } = await handOverOwnedLeagues(trx, userId, stamp.now);
  const remaining = leagueIds.length === 0 ? new Set<number>()
    : new Set((await trx.selectFrom('leagues').select('id').where('id', 'in', leagueIds).execute()).map((l) => Number(l.id)));
  await appendLeagueLog(trx, stamp, [
    ...leagueIds.filter((id) => remaining.has(id)).map((leagueId) => ({
      leagueId, actorId: userId, action: 'member.account_deleted' as const, details: { user_id: userId, bets_removed: removed.get(leagueId) },
    })),
    ...ownerChanges(userId, successors),
  ]);
}
