import type { Executor } from '../../platform/db/database';
import { forgetLeagueTables } from '../standings/tableVersions';

/**
 * An owner who leaves a league or deletes the account hands each owned league to its earliest-joined
 * other member (ties by user id); a league with no other member is deleted (its bets go with it).
 * `leagueId` narrows it to the one league being left; without it every league the user owns (account
 * deletion). Two statements whatever the number of leagues. Call inside the transaction that removes the
 * owner, before or after the membership row goes: the owner never takes the league back.
 */
export async function handOverOwnedLeagues(
  db: Executor, userId: number, now?: number, leagueId?: number,
): Promise<{ handedOver: number; deleted: number }> {
  let update = db.updateTable('leagues')
    .set((eb) => ({
      // Correlated subquery: portable between SQLite and PostgreSQL, one statement for every owned league.
      owner_id: eb.selectFrom('league_members as m')
        .select('m.user_id')
        .whereRef('m.league_id', '=', 'leagues.id')
        .where('m.user_id', '<>', userId)
        .orderBy('m.joined_at')
        .orderBy('m.user_id')
        .limit(1) as never,
      ...(now !== undefined && { updated_at: now }),
    }))
    .where('owner_id', '=', userId)
    .where((eb) => eb.exists(eb.selectFrom('league_members as m')
      .select('m.user_id')
      .whereRef('m.league_id', '=', 'leagues.id')
      .where('m.user_id', '<>', userId)));
  if (leagueId !== undefined) update = update.where('id', '=', leagueId);
  const updated = await update.executeTakeFirst();
  // What the user still owns had nobody to take it.
  let owned = db.selectFrom('leagues').select('id').where('owner_id', '=', userId);
  if (leagueId !== undefined) owned = owned.where('id', '=', leagueId);
  const doomed = (await owned.execute()).map((l) => l.id);
  if (doomed.length === 0) return { handedOver: Number(updated.numUpdatedRows), deleted: 0 };
  forgetLeagueTables(db, doomed);
  // Matchday rows have no foreign key on PostgreSQL (standings/standingsRefresh.ts): they go by hand.
  await db.deleteFrom('member_matchday_points').where('league_id', 'in', doomed).execute();
  const deleted = await db.deleteFrom('leagues').where('id', 'in', doomed).executeTakeFirst();
  return { handedOver: Number(updated.numUpdatedRows), deleted: Number(deleted.numDeletedRows) };
}
