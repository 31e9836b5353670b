import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { betFactsSql, playedInLeague, pointsFromFactsSql, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/**
 * The SQL of the exports: one statement per block, whatever the number of members (set-based, no query per row).
 * The CSV's blocks are answered as statements to read a batch at a time (platform/db/rowBatches.ts), in a total
 * order (ties broken by ids), so the batches of a block read on SQLite page by page follow one another exactly.
 */

/** A match of the league whose bets are shown, with what the CSV shows of it and its scoring facts. */
interface ShownMatch {
  match_id: number; matchday: number; date: number; finished: number; result_local: number | null; result_visiting: number | null;
  local_team: string | null; visiting_team: string | null; local_placeholder: string | null; visiting_placeholder: string | null;
}

/**
 * Every member's real bets on matches of the league whose bets are shown (deadline passed, the rule every bet read
 * uses), with the match, its result and the bet's points, in match order. The matches' scoring facts are worked out
 * once per match (betFactsSql, as the standings do), not once per bet.
 */
export function shownLeagueBets(db: Executor, league: { id: number; competition_id: number }, now: number) {
  const shown = sql<ShownMatch>`(SELECT ${betFactsSql('l', 'm', 'c')}, m.matchday AS matchday, m.date AS date, m.finished AS finished,
      m.local_goals AS result_local, m.visiting_goals AS result_visiting, lt.team_name AS local_team, vt.team_name AS visiting_team,
      m.local_placeholder AS local_placeholder, m.visiting_placeholder AS visiting_placeholder
    FROM leagues l JOIN matches m ON m.competition_id = l.competition_id JOIN competitions c ON c.id = m.competition_id
      LEFT JOIN teams lt ON lt.id = m.local_team_id LEFT JOIN teams vt ON vt.id = m.visiting_team_id
    WHERE l.id = ${league.id} AND ${playedInLeague('l', 'm', 'c')} AND ${resultBetDeadlineSql('l', 'm')} <= ${now})`;
  const points = pointsFromFactsSql('f', sql.ref('rb.local_goals'), sql.ref('rb.visiting_goals'), sql.ref('rb.joker'));
  return db.selectFrom(shown.as('f'))
    .innerJoin('result_bets as rb', (join) => join.onRef('rb.match_id', '=', 'f.match_id'))
    .innerJoin('users as u', 'u.id', 'rb.user_id')
    .select([
      'u.name as member', 'f.matchday', 'f.date', 'f.local_team', 'f.visiting_team', 'f.local_placeholder', 'f.visiting_placeholder',
      'f.finished', 'f.result_local', 'f.result_visiting', 'rb.local_goals', 'rb.visiting_goals', 'rb.joker', 'rb.late_entry',
      points.as('points'),
    ])
    .where('rb.competition_id', '=', league.competition_id).where('rb.league_id', '=', league.id).where('rb.mode', '=', 0)
    .orderBy('f.date').orderBy('f.match_id').orderBy('u.name').orderBy('rb.user_id');
}

/** Every member's real round picks (teams), by member and round. */
export function leagueRoundPicks(db: Executor, leagueId: number) {
  return db.selectFrom('round_bets as b').innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('league_rules as r', 'r.id', 'b.league_rule_id').innerJoin('rounds as ro', 'ro.id', 'r.round_id')
    .innerJoin('teams as t', 't.id', 'b.team_id')
    .select(['u.name as member', 'ro.name as round', 't.team_name as choice', 'b.points'])
    .where('b.league_id', '=', leagueId).where('b.mode', '=', 0)
    .orderBy('u.name').orderBy('b.user_id').orderBy('r.round_id').orderBy('t.team_name').orderBy('b.id');
}

/** Every member's real top-scorer picks (people), by member and round. */
export function leaguePersonPicks(db: Executor, leagueId: number) {
  return db.selectFrom('person_bets as b').innerJoin('users as u', 'u.id', 'b.user_id')
    .innerJoin('league_rules as r', 'r.id', 'b.league_rule_id').innerJoin('rounds as ro', 'ro.id', 'r.round_id')
    .innerJoin('people as p', 'p.id', 'b.person_id')
    .select(['u.name as member', 'ro.name as round', 'p.name as choice', 'b.points'])
    .where('b.league_id', '=', leagueId).where('b.mode', '=', 0)
    .orderBy('u.name').orderBy('b.user_id').orderBy('r.round_id').orderBy('p.name').orderBy('b.id');
}

/** Every member's answers to the league's bonus questions past their deadline, by question and member. */
export function leagueBonusAnswers(db: Executor, leagueId: number, now: number) {
  return db.selectFrom('bonus_answers as a').innerJoin('bonus_questions as q', 'q.id', 'a.question_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['q.text as question', 'u.name as member', 'a.answer', 'a.points'])
    .where('a.league_id', '=', leagueId).where('q.deadline', '<=', now).orderBy('q.id').orderBy('u.name').orderBy('a.user_id');
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
