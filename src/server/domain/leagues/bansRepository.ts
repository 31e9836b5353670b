import type { Executor } from '../../platform/db/database';

/** Members removed by the owner stay out of the league until a new invitation from the owner lets them back. */

export async function banFromLeague(db: Executor, leagueId: number, userId: number, now: number): Promise<void> {
  await db.insertInto('league_bans').values({ league_id: leagueId, user_id: userId, banned_at: now })
    .onConflict((oc) => oc.columns(['league_id', 'user_id']).doUpdateSet({ banned_at: now }))
    .execute();
}

export async function findBan(db: Executor, leagueId: number, userId: number) {
  return db.selectFrom('league_bans').select(['league_id', 'user_id', 'banned_at'])
    .where('league_id', '=', leagueId).where('user_id', '=', userId).executeTakeFirst();
}

export async function liftBan(db: Executor, leagueId: number, userId: number): Promise<void> {
  await db.deleteFrom('league_bans').where('league_id', '=', leagueId).where('user_id', '=', userId).execute();
}

/** Whether the account that owns this address (any case) is banned from the league. */
export async function isBannedByEmail(db: Executor, leagueId: number, email: string): Promise<boolean> {
  const row = await db.selectFrom('league_bans as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select('b.user_id')
    .where('b.league_id', '=', leagueId)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
    .executeTakeFirst();
  return row !== undefined;
}
