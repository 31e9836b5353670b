import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';

/** Reads of the stored standings (never re-aggregating bets), and the inputs of a simulated table. */

/** Members with their stored pick and bonus totals. */
export async function listMemberStandings(db: Executor, leagueId: number) {
  return db.selectFrom('league_members as lm').innerJoin('users as u', 'u.id', 'lm.user_id')
    .select(['lm.user_id', 'u.name as user_name', 'lm.department', 'lm.points_rounds', 'lm.points_people', 'lm.points_bonus'])
    .where('lm.league_id', '=', leagueId).execute();
}

/** Every member's stored ranked row with their name and department (small leagues' whole tables). */
export async function listStoredMembers(db: Executor, leagueId: number) {
  return db.selectFrom('member_standings as ms')
    .innerJoin('league_members as lm', (join) => join.onRef('lm.league_id', '=', 'ms.league_id').onRef('lm.user_id', '=', 'ms.user_id'))
    .innerJoin('users as u', 'u.id', 'ms.user_id')
    .select(['ms.user_id', 'u.name as user_name', 'lm.department', 'ms.points', 'ms.points_league', 'ms.points_rounds', 'ms.points_people',
      'ms.points_bonus', 'ms.exact_hits', 'ms.goal_difference_hits', 'ms.tendency_hits', 'ms.matchday_wins'])
    .where('ms.league_id', '=', leagueId).orderBy('ms.user_id').execute();
}

/** The league's matchday rows, of `userIds` only when given. */
export async function listMatchdayPoints(db: Executor, leagueId: number, competitionId: number, userIds?: number[]) {
  let query = db.selectFrom('member_matchday_points').select(['user_id', 'matchday', 'points'])
    .where('competition_id', '=', competitionId).where('league_id', '=', leagueId);
  if (userIds) query = query.where('user_id', 'in', userIds.length > 0 ? userIds : [-1]);
  return query.execute();
}

/** The best score of each of the league's decided matchdays (its winners hold it). */
export async function listMatchdayTops(db: Executor, leagueId: number): Promise<Map<number, number>> {
  const rows = await db.selectFrom('league_matchday_tops').select(['matchday', 'top']).where('league_id', '=', leagueId).execute();
  return new Map(rows.map((row) => [Number(row.matchday), Number(row.top)]));
}

/** The highest matchday with a finished match, or null. */
export async function lastPlayedMatchday(db: Executor, competitionId: number): Promise<number | null> {
  const row = await db.selectFrom('matches').select((eb) => eb.fn.max('matchday').as('matchday'))
    .where('competition_id', '=', competitionId).where('finished', '=', 1).executeTakeFirst();
  return row?.matchday === null || row?.matchday === undefined ? null : Number(row.matchday);
}

/** Every filled real bet of the league on a match played in it, with its match and deadline. */
export async function listLeagueBetsForSimulation(db: Executor, leagueId: number, competitionId: number) {
  return db.selectFrom('result_bets as rb')
    .innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select([
      'rb.user_id', 'rb.match_id', 'rb.local_goals', 'rb.visiting_goals', 'rb.joker', 'm.matchday',
      resultBetDeadlineSql('l', 'm').as('deadline'),
    ])
    .where('rb.competition_id', '=', competitionId).where('rb.league_id', '=', leagueId).where('rb.mode', '=', 0)
    .where('rb.local_goals', 'is not', null).where('rb.visiting_goals', 'is not', null)
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`)
    .execute();
}

export async function listCompetitionMatches(db: Executor, competitionId: number) {
  return db.selectFrom('matches')
    .select(['id', 'round_id', 'matchday', 'finished', 'local_goals', 'visiting_goals', 'local_goals_extra_time', 'visiting_goals_extra_time',
      'local_penalties', 'visiting_penalties'])
    .where('competition_id', '=', competitionId).execute();
}

/** The user's hypothetical results in a league (filled simulation rows). */
export async function listSimulatedResults(db: Executor, leagueId: number, competitionId: number, userId: number) {
  return db.selectFrom('result_bets').select(['match_id', 'local_goals', 'visiting_goals'])
    .where('competition_id', '=', competitionId).where('league_id', '=', leagueId).where('user_id', '=', userId).where('mode', '=', 1)
    .where('local_goals', 'is not', null).where('visiting_goals', 'is not', null).execute();
}
