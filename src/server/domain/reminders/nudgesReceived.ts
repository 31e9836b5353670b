import type { Executor } from '../../platform/db/database';

/** A nudge a member received whose deadline is still ahead: the league, the deadline and who sent it. */
interface NudgeAhead { league_id: number; deadline: number; nudged_by: string | null }

/**
 * The member's nudges with a deadline after `now` (the nudges feature writes them, once per league, member and
 * deadline); the side panel shows each beside the bets it is about, so a nudge reaches a member without push or email.
 */
export async function nudgesAhead(db: Executor, userId: number, now: number): Promise<NudgeAhead[]> {
  const rows = await db.selectFrom('league_nudges as n').leftJoin('users as o', 'o.id', 'n.nudged_by')
    .select(['n.league_id', 'n.deadline', 'o.name as nudged_by'])
    .where('n.user_id', '=', userId).where('n.deadline', '>', now)
    .execute();
  return rows.map((row) => ({ league_id: Number(row.league_id), deadline: Number(row.deadline), nudged_by: row.nudged_by }));
}
