import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** SQL of nudges: the league's next deadline, who has not bet for it, and the once-per-deadline record. */

/** Matches of league `leagueId` that take result bets, with their deadline in the league (alias `deadline`). */
function leagueMatches(db: Executor, leagueId: number) {
  return db.selectFrom('matches as m')
    .innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .innerJoin('leagues as l', 'l.competition_id', 'c.id')
    .where('l.id', '=', leagueId).where('c.finished', '=', 0)
    .where(sql<SqlBool>`${playedInLeague('l', 'm', 'c')}`);
}

/** The earliest bet deadline after `now` among the league's matches, with the first matchday closing then. */
export async function nextDeadline(db: Executor, leagueId: number, now: number): Promise<{ deadline: number; matchday: number } | null> {
  const deadline = resultBetDeadlineSql('l', 'm');
  const row = await leagueMatches(db, leagueId)
    .select(['m.matchday', deadline.as('deadline')])
    .where('m.date', '>', now).where(sql<SqlBool>`${deadline} > ${now}`)
    .orderBy(deadline).orderBy('m.matchday').limit(1).executeTakeFirst();
  return row ? { deadline: Number(row.deadline), matchday: Number(row.matchday) } : null;
}

type Channel = 'push' | 'email' | 'in_app';

/** The ways a nudge reaches a member, as nudgeDelivery sends it: in Porra always, push and email when set up. */
const reachOf = (has: { push: boolean; email: boolean }): Channel[] =>
  [...(has.push ? ['push' as const] : []), ...(has.email ? ['email' as const] : []), 'in_app'];

/**
 * Members with at least one match closing at `deadline` and no filled real bet on it, with how many, whether
 * they were already nudged for that deadline, and how a nudge reaches them. Accounts an admin disabled are left out (they cannot bet).
 */
export async function membersMissingBets(db: Executor, leagueId: number, deadline: number) {
  const rows = await leagueMatches(db, leagueId)
    .innerJoin('league_members as lm', 'lm.league_id', 'l.id')
    .innerJoin('users as u', 'u.id', 'lm.user_id')
    .leftJoin('result_bets as rb', (join) => join.onRef('rb.league_id', '=', 'l.id').onRef('rb.user_id', '=', 'lm.user_id')
      .onRef('rb.match_id', '=', 'm.id').on('rb.mode', '=', 0))
    .select((eb) => ['lm.user_id', 'u.name as user_name', 'u.email_reminders', 'u.email_verified', eb.fn.countAll<number>().as('missing'),
      eb.exists(eb.selectFrom('league_nudges as n').select('n.user_id').whereRef('n.league_id', '=', 'l.id')
        .whereRef('n.user_id', '=', 'lm.user_id').where('n.deadline', '=', deadline)).as('nudged'),
      eb.exists(eb.selectFrom('push_subscriptions as ps').select('ps.id').whereRef('ps.user_id', '=', 'lm.user_id')).as('has_push')])
    .where(sql<SqlBool>`${resultBetDeadlineSql('l', 'm')} = ${deadline}`)
    .where('u.disabled_at', 'is', null)
    .where((eb) => eb.or([eb('rb.id', 'is', null), eb('rb.local_goals', 'is', null), eb('rb.visiting_goals', 'is', null)]))
    .groupBy(['lm.user_id', 'u.name', 'u.email_reminders', 'u.email_verified', 'l.id'])
    .orderBy('u.name').orderBy('lm.user_id')
    .execute();
  return rows.map((r) => ({
    user_id: Number(r.user_id), user_name: r.user_name, missing: Number(r.missing), nudged: Boolean(Number(r.nudged)),
    reach: reachOf({ push: Boolean(Number(r.has_push)), email: Number(r.email_reminders) === 1 && Number(r.email_verified) === 1 }),
  }));
}

/**
 * Records the nudges and answers the members actually recorded: a member already nudged for this deadline (by an
 * earlier call, or a concurrent one that committed first) is skipped by the primary key.
 */
export async function recordNudges(
  db: Executor, nudge: { leagueId: number; userIds: number[]; deadline: number; by: number; now: number },
): Promise<number[]> {
  if (nudge.userIds.length === 0) return [];
  const rows = await db.insertInto('league_nudges')
    .values(nudge.userIds.map((userId) => ({
      league_id: nudge.leagueId, user_id: userId, deadline: nudge.deadline, nudged_by: nudge.by, nudged_at: nudge.now,
    })))
    .onConflict((oc) => oc.columns(['league_id', 'user_id', 'deadline']).doNothing())
    .returning('user_id').execute();
  return rows.map((r) => Number(r.user_id)).sort((a, b) => a - b);
}
