import { sql } from 'kysely';
import { KNOCKOUT_ORDER, ROUND } from '../../../shared/domain/rounds';

const KNOCKOUT_IDS = [...KNOCKOUT_ORDER, ROUND.THIRD_PLACE];
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** Reads of the title race: members' points now, the matches and bets still to be decided, picks and questions open. */

/** The league's settings the race depends on, and what its cached answer is valid for. */
export async function findRaceLeague(db: Executor, leagueId: number) {
  return db.selectFrom('leagues as l').innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select(['l.id', 'l.competition_id', 'l.round_bets_enabled', 'l.person_bets_enabled', 'l.table_version',
      'c.finished as competition_finished',
      (eb) => eb.selectFrom('matches as um').whereRef('um.competition_id', '=', 'l.competition_id').where('um.finished', '=', 0)
        .select(sql<number>`count(*)`.as('n')).as('unfinished_matches')])
    .where('l.id', '=', leagueId).executeTakeFirstOrThrow();
}

/** Each member's points now, as the table sums them. */
export async function listRaceMembers(db: Executor, leagueId: number) {
  const rows = await db.selectFrom('league_members as lm').innerJoin('users as u', 'u.id', 'lm.user_id')
    .select(['lm.user_id', 'u.name as user_name', sql<number>`lm.points_rounds + lm.points_people + lm.points_bonus
      + coalesce((select sum(p.points) from member_matchday_points p where p.league_id = lm.league_id and p.user_id = lm.user_id), 0)`.as('points')])
    .where('lm.league_id', '=', leagueId).orderBy('lm.user_id').execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), user_name: r.user_name, points: Number(r.points) }));
}

/**
 * The competition's unfinished matches the league may still bet on, with their deadline there. A match whose teams
 * are not known yet counts in a league playing only some teams: one of them may still reach it.
 */
export async function listMatchesLeft(db: Executor, leagueId: number) {
  const rows = await db.selectFrom('matches as m').innerJoin('leagues as l', 'l.competition_id', 'm.competition_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select(['m.id', 'm.round_id', resultBetDeadlineSql('l', 'm').as('deadline')])
    .where('l.id', '=', leagueId).where('m.finished', '=', 0)
    .where(sql<boolean>`(${playedInLeague('l', 'm', 'c')} OR (l.bets_system <> 'disabled' AND (m.round_id NOT IN (${sql.join(KNOCKOUT_IDS)}) OR l.playoff_results_points = 1)
      AND (c.competition_type <> 'league' OR m.matchday >= l.start_matchday)
      AND (m.local_team_id IS NULL OR m.visiting_team_id IS NULL)))`)
    .orderBy('m.id').execute();
  return rows.map((r) => ({ id: Number(r.id), round_id: Number(r.round_id), deadline: Number(r.deadline) }));
}

/** Filled real bets on unfinished matches, and every joker a member has placed (with its match's deadline). */
export async function listRaceBets(db: Executor, leagueId: number) {
  const rows = await db.selectFrom('result_bets as rb').innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .select(['rb.user_id', 'rb.match_id', 'rb.local_goals', 'rb.visiting_goals', 'rb.joker', 'm.finished',
      resultBetDeadlineSql('l', 'm').as('deadline')])
    .where('rb.league_id', '=', leagueId).where('rb.mode', '=', 0)
    .where((eb) => eb.or([eb('m.finished', '=', 0), eb('rb.joker', '=', 1)]))
    .execute();
  return rows.map((r) => ({
    user_id: Number(r.user_id), match_id: Number(r.match_id), local_goals: r.local_goals, visiting_goals: r.visiting_goals,
    joker: Number(r.joker) === 1, finished: Number(r.finished) === 1, deadline: Number(r.deadline),
  }));
}

/** The competition's finished matches' 90-minute scores (what the goal model is fitted to). */
export async function listFinishedScores(db: Executor, competitionId: number) {
  const rows = await db.selectFrom('matches').select(['local_goals', 'visiting_goals'])
    .where('competition_id', '=', competitionId).where('finished', '=', 1)
    .where('local_goals', 'is not', null).where('visiting_goals', 'is not', null).execute();
  return rows.map((r) => ({ local_goals: Number(r.local_goals), visiting_goals: Number(r.visiting_goals) }));
}

/** The competition's pick rules, and each member's picks per rule: how many, and how many not yet scored. */
export async function listPickState(db: Executor, leagueId: number, competitionId: number) {
  const rules = await db.selectFrom('league_rules').select(['id', 'round_id', 'picks', 'points_per_hit'])
    .where('competition_id', '=', competitionId).execute();
  const count = (table: 'round_bets' | 'person_bets') => sql<{ user_id: number; league_rule_id: number; picked: number; unscored: number }>`
    select user_id, league_rule_id, count(*) as picked, sum(case when points is null then 1 else 0 end) as unscored
    from ${sql.table(table)} where league_id = ${leagueId} and mode = 0 group by user_id, league_rule_id`.execute(db).then((r) => r.rows);
  const [rounds, people] = await Promise.all([count('round_bets'), count('person_bets')]);
  const picks = [...rounds, ...people].map((r) => ({
    user_id: Number(r.user_id), rule_id: Number(r.league_rule_id), picked: Number(r.picked), unscored: Number(r.unscored),
  }));
  return { rules: rules.map((r) => ({ ...r, id: Number(r.id), person: Number(r.round_id) === ROUND.TOP_SCORER })), picks };
}

/** Per picked person, the competition's unfinished matches their team (or a team not known yet) may play. */
export async function listPersonMatchesLeft(db: Executor, leagueId: number, competitionId: number) {
  const rows = await db.selectFrom('person_bets as b').innerJoin('people as p', 'p.id', 'b.person_id')
    .select(['b.user_id', sql<number>`(select count(*) from matches m where m.competition_id = ${competitionId} and m.finished = 0
      and (p.team_id is null or m.local_team_id is null or m.visiting_team_id is null
        or m.local_team_id = p.team_id or m.visiting_team_id = p.team_id))`.as('matches')])
    .where('b.league_id', '=', leagueId).where('b.mode', '=', 0).execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), matches: Number(r.matches) }));
}

/** Unresolved bonus questions of the league, with who has answered each. */
export async function listOpenQuestions(db: Executor, leagueId: number) {
  const [questions, answers] = await Promise.all([
    db.selectFrom('bonus_questions').select(['id', 'points', 'deadline']).where('league_id', '=', leagueId).where('resolved_at', 'is', null).execute(),
    db.selectFrom('bonus_answers as a').innerJoin('bonus_questions as q', 'q.id', 'a.question_id')
      .select(['a.question_id', 'a.user_id']).where('q.league_id', '=', leagueId).where('q.resolved_at', 'is', null).execute(),
  ]);
  return {
    questions: questions.map((q) => ({ id: Number(q.id), points: Number(q.points), deadline: Number(q.deadline) })),
    answered: new Set(answers.map((a) => `${a.question_id}:${a.user_id}`)),
  };
}
