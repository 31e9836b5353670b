import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague } from '../../domain/scoring/scoringSql';

/** SQL of the head-to-head competition: its matchdays, its players, and everyone's matchday points, in three statements. */

/**
 * The league's matchdays (those with a match taking result bets), each with its first kickoff, whether it is over,
 * and whether the stored matchday points hold all its results (a result job may still be applying them).
 */
export async function leagueMatchdays(db: Executor, leagueId: number) {
  const rows = await db.selectFrom('matches as m')
    .innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .innerJoin('leagues as l', 'l.competition_id', 'c.id')
    .select((eb) => ['m.matchday', eb.fn.min<number>('m.date').as('first_kickoff'), eb.fn.min<number>('m.finished').as('finished'),
      eb.fn.min<number>('m.standings_scored').as('counted')])
    .where('l.id', '=', leagueId)
    .where(sql<SqlBool>`${playedInLeague('l', 'm', 'c')}`)
    .groupBy('m.matchday').orderBy('m.matchday').execute();
  return rows.map((r) => ({ matchday: Number(r.matchday), first_kickoff: Number(r.first_kickoff), finished: Number(r.finished) === 1,
    counted: Number(r.counted) === 1 }));
}

/** Members in joining order, with their names. */
export async function leaguePlayers(db: Executor, leagueId: number) {
  const rows = await db.selectFrom('league_members as lm').innerJoin('users as u', 'u.id', 'lm.user_id')
    .select(['lm.user_id', 'u.name as user_name', 'lm.joined_at'])
    .where('lm.league_id', '=', leagueId).orderBy('lm.joined_at').orderBy('lm.user_id').execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), user_name: r.user_name, joined_at: Number(r.joined_at) }));
}

/** Every member's stored result-bet points by matchday ("user:matchday" -> points). */
export async function matchdayPoints(db: Executor, leagueId: number): Promise<Map<string, number>> {
  const rows = await db.selectFrom('member_matchday_points').select(['user_id', 'matchday', 'points'])
    .where('league_id', '=', leagueId).execute();
  return new Map(rows.map((r) => [`${Number(r.user_id)}:${Number(r.matchday)}`, Number(r.points)]));
}
