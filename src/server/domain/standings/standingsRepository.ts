import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';
import { hitCountersCte } from './hitCounters';

/** Reads of the stored standings (never re-aggregating bets), and the inputs of a simulated table. */

/** Members with their stored pick and bonus totals. */
export async function listMemberStandings(db: Executor, leagueId: number) {
  return db.selectFrom('league_members as lm').innerJoin('users as u', 'u.id', 'lm.user_id')
    .select(['lm.user_id', 'u.name as user_name', 'lm.department', 'lm.points_rounds', 'lm.points_people', 'lm.points_bonus'])
    .where('lm.league_id', '=', leagueId).execute();
}

/** A member as a table is built from: stored totals, matchday rows packed in one string, hit counters. */
export interface TableMemberRow {
  user_id: number; user_name: string; department: string | null;
  points_rounds: number; points_people: number; points_bonus: number;
  /** Their matchday rows, "matchday:points,..." in matchday order; null without any. */
  matchdays: string | null;
  exact_hits: number; goal_difference_hits: number; tendency_hits: number;
}

/**
 * The league's members in user id order, each with their stored totals, their matchday rows packed in one string
 * and their hit counters: one row per member instead of one per member and matchday, in one statement (grouped
 * joins: a subquery per member costs PostgreSQL three times as much for 200,000 members).
 */
export async function listTableMembers(db: Executor, leagueId: number, competitionId: number): Promise<TableMemberRow[]> {
  const { rows } = await sql<TableMemberRow>`WITH ${hitCountersCte(leagueId, competitionId)},
    days AS (SELECT p.user_id, string_agg(p.matchday || ':' || p.points, ',' ORDER BY p.matchday) AS matchdays
      FROM member_matchday_points p WHERE p.competition_id = ${competitionId} AND p.league_id = ${leagueId} GROUP BY p.user_id)
    SELECT lm.user_id, u.name AS user_name, lm.department, lm.points_rounds, lm.points_people, lm.points_bonus, days.matchdays,
      COALESCE(hits.exact_hits, 0) AS exact_hits, COALESCE(hits.goal_difference_hits, 0) AS goal_difference_hits,
      COALESCE(hits.tendency_hits, 0) AS tendency_hits
    FROM league_members lm JOIN users u ON u.id = lm.user_id
      LEFT JOIN days ON days.user_id = lm.user_id LEFT JOIN hits ON hits.user_id = lm.user_id
    WHERE lm.league_id = ${leagueId}
    ORDER BY lm.user_id`.execute(db);
  return rows;
}

/** Each matchday of the competition and whether every match of it is finished (its winners are decided then). */
export async function matchdayCompletion(db: Executor, competitionId: number): Promise<Map<number, boolean>> {
  const rows = await db.selectFrom('matches').select(['matchday', (eb) => eb.fn.min('finished').as('finished')])
    .where('competition_id', '=', competitionId).groupBy('matchday').execute();
  return new Map(rows.map((r) => [Number(r.matchday), Number(r.finished) === 1]));
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
