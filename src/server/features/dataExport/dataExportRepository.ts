import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { betPointsSql, playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** The SQL of the exports: one statement per block, whatever the number of members (set-based, no query per row). */

/**
 * Every member's real bets on matches of the league whose bets are shown (deadline passed, the rule every bet read
 * uses), with the match, its result and the bet's points, in match order.
 */
export async function shownLeagueBets(db: Executor, leagueId: number, now: number) {
  return db.selectFrom('result_bets as rb')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .innerJoin('users as u', 'u.id', 'rb.user_id')
    .leftJoin('teams as lt', 'lt.id', 'm.local_team_id')
    .leftJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
    .select([
      'u.name as member', 'm.matchday', 'm.date', 'lt.team_name as local_team', 'vt.team_name as visiting_team',
      'm.local_placeholder', 'm.visiting_placeholder', 'm.finished', 'm.local_goals as result_local', 'm.visiting_goals as result_visiting',
      'rb.local_goals', 'rb.visiting_goals', 'rb.joker', 'rb.late_entry', betPointsSql('rb', 'l', 'm', 'c').as('points'),
    ])
    .where('rb.league_id', '=', leagueId).where('rb.mode', '=', 0)
    .where(sql<SqlBool>`${playedInLeague('l', 'm', 'c')}`)
    .where(sql<SqlBool>`${resultBetDeadlineSql('l', 'm')} <= ${now}`)
    .orderBy('m.date').orderBy('m.id').orderBy('u.name').orderBy('rb.user_id')
    .execute();
}

/** Every member's real round picks (teams), by member and round. */
export async function leagueRoundPicks(db: Executor, leagueId: number) {
  return db.selectFrom('round_bets as b').innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('league_rules as r', 'r.id', 'b.league_rule_id').innerJoin('rounds as ro', 'ro.id', 'r.round_id')
    .innerJoin('teams as t', 't.id', 'b.team_id')
    .select(['u.name as member', 'ro.name as round', 't.team_name as choice', 'b.points'])
    .where('b.league_id', '=', leagueId).where('b.mode', '=', 0)
    .orderBy('u.name').orderBy('b.user_id').orderBy('r.round_id').orderBy('t.team_name').execute();
}

/** Every member's real top-scorer picks (people), by member and round. */
export async function leaguePersonPicks(db: Executor, leagueId: number) {
  return db.selectFrom('person_bets as b').innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('league_rules as r', 'r.id', 'b.league_rule_id').innerJoin('rounds as ro', 'ro.id', 'r.round_id')
    .innerJoin('people as p', 'p.id', 'b.person_id')
    .select(['u.name as member', 'ro.name as round', 'p.name as choice', 'b.points'])
    .where('b.league_id', '=', leagueId).where('b.mode', '=', 0)
    .orderBy('u.name').orderBy('b.user_id').orderBy('r.round_id').orderBy('p.name').execute();
}

/** Every member's answers to the league's bonus questions past their deadline, by question and member. */
export async function leagueBonusAnswers(db: Executor, leagueId: number, now: number) {
  return db.selectFrom('bonus_answers as a').innerJoin('bonus_questions as q', 'q.id', 'a.question_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['q.text as question', 'u.name as member', 'a.answer', 'a.points'])
    .where('a.league_id', '=', leagueId).where('q.deadline', '<=', now).orderBy('q.id').orderBy('u.name').orderBy('a.user_id').execute();
}

/** The league row with its competition's name, for the archive. */
export async function archivedLeague(db: Executor, leagueId: number) {
  return db.selectFrom('leagues as l').innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .selectAll('l').select('c.name as competition').where('l.id', '=', leagueId).executeTakeFirst();
}

export async function leagueMembers(db: Executor, leagueId: number) {
  return db.selectFrom('league_members as lm').innerJoin('users as u', 'u.id', 'lm.user_id')
    .select(['lm.user_id', 'u.name', 'lm.department', 'lm.joined_at'])
    .where('lm.league_id', '=', leagueId).orderBy('lm.joined_at').orderBy('lm.user_id').execute();
}
