import { moveMainLeagues } from '../standings/overallStandings';
import type { Executor } from '../../platform/db/database';
import type { LogEntryInput } from '../leagueLog/leagueLogService';
import { forgetLeagueTables } from '../standings/tableVersions';
import { switchOffWebhooksOfNewOwners } from './ownerWebhooks';

/** A league handed over and its new owner. */
interface Successor { leagueId: number; ownerId: number }

/** The hand-overs of the leagues a member who goes owned, as league log entries (the leaver acts). */
export function ownerChanges(userId: number, successors: Successor[]): LogEntryInput[] {
  return successors.map((s) => ({
    leagueId: s.leagueId, actorId: userId, action: 'league.owner_changed' as const,
    details: { before: { owner_id: userId }, after: { owner_id: s.ownerId } },
  }));
}

/**
 * An owner who leaves a league or deletes the account hands each owned league to its earliest-joined
 * other member (ties by user id); a league with no other member is deleted (its bets go with it).
 * `leagueId` narrows it to the one league being left; without it every league the user owns (account
 * deletion). The same few statements whatever the number of leagues. Call inside the transaction that removes the
 * owner, before or after the membership row goes: the owner never takes the league back. The leagues handed over
 * have their webhooks switched off, and their new owners are told (ownerWebhooks.ts). Returns the new owners (the
 * caller logs the hand-overs).
 */
export async function handOverOwnedLeagues(
  db: Executor, userId: number, now: number, leagueId?: number,
): Promise<{ handedOver: number; deleted: number; successors: Successor[] }> {
  let owned = db.selectFrom('leagues').select('id').where('owner_id', '=', userId);
  if (leagueId !== undefined) owned = owned.where('id', '=', leagueId);
  const ownedIds = (await owned.execute()).map((l) => Number(l.id));
  if (ownedIds.length === 0) return { handedOver: 0, deleted: 0, successors: [] };
  const update = db.updateTable('leagues')
    .set((eb) => ({
      // Correlated subquery: portable between SQLite and PostgreSQL, one statement for every owned league.
      owner_id: eb.selectFrom('league_members as m')
        .select('m.user_id')
        .whereRef('m.league_id', '=', 'leagues.id')
        .where('m.user_id', '<>', userId)
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .limit(1) as never,
      updated_at: now,
    }))
    .where('owner_id', '=', userId)
    .where('id', 'in', ownedIds)
    .where((eb) => eb.exists(eb.selectFrom('league_members as m')
      .select('m.user_id')
      .whereRef('m.league_id', '=', 'leagues.id')
      .where('m.user_id', '<>', userId)));
  await update.execute();
  const afterwards = await db.selectFrom('leagues').select(['id', 'owner_id']).where('id', 'in', ownedIds).orderBy('id').execute();
  const successors = afterwards.filter((l) => Number(l.owner_id) !== userId).map((l) => ({ leagueId: Number(l.id), ownerId: Number(l.owner_id) }));
  await switchOffWebhooksOfNewOwners(db, successors, now);
  // What the user still owns had nobody to take it.
  const doomed = afterwards.filter((l) => Number(l.owner_id) === userId).map((l) => Number(l.id));
  if (doomed.length === 0) return { handedOver: successors.length, deleted: 0, successors };
  forgetLeagueTables(db, doomed);
  await moveMainLeagues(db, doomed);
  // Matchday rows have no foreign key on PostgreSQL (standings/standingsRefresh.ts): they go by hand.
  await db.deleteFrom('member_matchday_points').where('league_id', 'in', doomed).execute();
  const deleted = await db.deleteFrom('leagues').where('id', 'in', doomed).executeTakeFirst();
  return { handedOver: successors.length, deleted: Number(deleted.numDeletedRows), successors };
}
