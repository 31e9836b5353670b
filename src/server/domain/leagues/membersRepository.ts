import type { Executor } from '../../platform/db/database';
import { moveMainLeagues } from '../standings/overallStandings';
import { rankLeagues } from '../standings/rankLeagues';

export async function findMember(db: Executor, leagueId: number, userId: number) {
  return db.selectFrom('league_members').select(['league_id', 'user_id', 'department', 'joined_at'])
    .where('league_id', '=', leagueId).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Adds a member; false when they already were one. The primary key makes concurrent joins of the same
 * user collapse into one membership instead of failing.
 */
export async function addMember(db: Executor, leagueId: number, userId: number, now: number): Promise<boolean> {
  // Matchday rows have no foreign key on PostgreSQL: none of an earlier membership may come back with this one.
  await db.deleteFrom('member_matchday_points').where('league_id', '=', leagueId).where('user_id', '=', userId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('league_members as lm').select('lm.user_id')
      .where('lm.league_id', '=', leagueId).where('lm.user_id', '=', userId))))
    .execute();
  const rows = await db.insertInto('league_members')
    .values({ league_id: leagueId, user_id: userId, joined_at: now })
    .onConflict((oc) => oc.columns(['league_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

export async function listMembers(db: Executor, leagueId: number) {
  return db.selectFrom('league_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('leagues as l', 'l.id', 'm.league_id')
    .select(['m.user_id', 'u.name as user_name', 'm.department', 'm.joined_at', 'l.owner_id'])
    .where('m.league_id', '=', leagueId)
    .orderBy('m.joined_at').orderBy('m.user_id')
    .execute();
}

export async function setDepartment(db: Executor, leagueId: number, userId: number, department: string | null): Promise<void> {
  await db.updateTable('league_members').set({ department })
    .where('league_id', '=', leagueId).where('user_id', '=', userId).execute();
}

/** A member leaves or is removed: their bets of every kind and mode go (see membershipService's removeMember); how many. */
export async function removeMemberBets(db: Executor, leagueId: number, userId: number): Promise<number> {
  let removed = 0;
  for (const table of ['result_bets', 'round_bets', 'person_bets'] as const) {
    const result = await db.deleteFrom(table).where('league_id', '=', leagueId).where('user_id', '=', userId).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/**
 * Then the membership and its stored matchday points; the league's ranked rows without them, and their overall
 * ranking by their next league when this was their main one. The league's standings lock is held already (the
 * refresh before this took it).
 */
export async function removeMembership(db: Executor, leagueId: number, userId: number): Promise<void> {
  await moveMainLeagues(db, [leagueId], userId);
  await db.deleteFrom('member_matchday_points').where('league_id', '=', leagueId).where('user_id', '=', userId).execute();
  await db.deleteFrom('league_members').where('league_id', '=', leagueId).where('user_id', '=', userId).execute();
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirst();
  if (league) await rankLeagues(db, { competitionId: Number(league.competition_id), leagueId });
}

/** The leagues a user belongs to, lowest id first. */
export async function leagueIdsOfMember(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('league_members').select('league_id').where('user_id', '=', userId).orderBy('league_id').execute();
  return rows.map((r) => r.league_id);
}

/** Whether a user with this email (any case) belongs to the league. */
export async function isMemberByEmail(db: Executor, leagueId: number, email: string): Promise<boolean> {
  const row = await db.selectFrom('league_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .where('m.league_id', '=', leagueId)
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email))
    .executeTakeFirst();
  return row !== undefined;
}
