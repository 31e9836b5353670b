import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { effectiveKickoffSql, playedInLeague, resultBetDeadlineSql } from '../scoring/scoringSql';
import { ROUND } from '../../../shared/domain/rounds';

/** SQL of alerts and reminders: a few statements whatever the number of leagues and users. */

/** Per member, league and matchday: matches without a filled real bet whose deadline is in (from, to]. */
export async function missingResultBets(db: Executor, args: { from: number; to: number; userId?: number }) {
  const deadline = resultBetDeadlineSql('l', 'm');
  let query = db.selectFrom('matches as m')
    .innerJoin('competitions as c', 'c.id', 'm.competition_id')
    .innerJoin('leagues as l', 'l.competition_id', 'c.id')
    .innerJoin('league_members as lm', 'lm.league_id', 'l.id')
    .leftJoin('result_bets as rb', (join) => join.onRef('rb.league_id', '=', 'l.id').onRef('rb.user_id', '=', 'lm.user_id')
      .onRef('rb.match_id', '=', 'm.id').on('rb.mode', '=', 0))
    .select(['lm.user_id', 'l.id as league_id', 'l.name as league_name', 'l.competition_id', 'm.matchday',
      (eb) => eb.fn.countAll<number>().as('missing'), (eb) => eb.fn.min(deadline).as('deadline')])
    // A deadline in the window means a kickoff after `from` (the date index narrows the scan).
    .where('m.date', '>', args.from).where('c.finished', '=', 0)
    .where(sql<SqlBool>`${deadline} > ${args.from} AND ${deadline} <= ${args.to}`)
    .where(sql<SqlBool>`${playedInLeague('l', 'm', 'c')}`)
    .where((eb) => eb.or([eb('rb.id', 'is', null), eb('rb.local_goals', 'is', null), eb('rb.visiting_goals', 'is', null)]));
  if (args.userId !== undefined) query = query.where('lm.user_id', '=', args.userId);
  const rows = await query.groupBy(['lm.user_id', 'l.id', 'l.name', 'l.competition_id', 'm.matchday']).execute();
  return rows.map((r) => ({ ...r, missing: Number(r.missing), deadline: Number(r.deadline) }));
}

/** Unfinished competitions that have pick rules, with the first kickoff of each round and matchday. */
export async function pickKickoffs(db: Executor, competitionIds?: number[]) {
  let query = db.selectFrom('matches as m').innerJoin('competitions as c', 'c.id', 'm.competition_id')
    // A match whose bets were shown keeps the kickoff it had then (picks it closed never reopen).
    .select(['m.competition_id', 'c.competition_type', 'm.round_id', 'm.matchday', (eb) => eb.fn.min(effectiveKickoffSql('m')).as('date')])
    .where('c.finished', '=', 0)
    .where((eb) => eb.exists(eb.selectFrom('league_rules as r').select('r.id').whereRef('r.competition_id', '=', 'm.competition_id')));
  if (competitionIds) query = query.where('m.competition_id', 'in', competitionIds);
  const rows = await query.groupBy(['m.competition_id', 'c.competition_type', 'm.round_id', 'm.matchday']).execute();
  return rows.map((r) => ({ ...r, date: Number(r.date) }));
}

export async function competitionRules(db: Executor, competitionIds: number[]) {
  if (competitionIds.length === 0) return [];
  return db.selectFrom('league_rules').select(['id', 'competition_id', 'round_id', 'picks'])
    .where('competition_id', 'in', competitionIds).execute();
}

/** Competitions the user plays in (alerts of one user only look at these). */
export async function userCompetitionIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('league_members as lm').innerJoin('leagues as l', 'l.id', 'lm.league_id')
    .select('l.competition_id').distinct().where('lm.user_id', '=', userId).execute();
  return rows.map((r) => r.competition_id);
}

/** Members' pick counts for the given rules, in leagues where that kind of pick is enabled. */
export async function pickCounts(db: Executor, args: { ruleIds: number[]; userId?: number }) {
  if (args.ruleIds.length === 0) return [];
  let query = db.selectFrom('league_members as lm')
    .innerJoin('leagues as l', 'l.id', 'lm.league_id')
    .innerJoin('league_rules as r', 'r.competition_id', 'l.competition_id')
    .select([
      'lm.user_id', 'l.id as league_id', 'l.name as league_name', 'l.start_matchday', 'l.picks_shown_kickoff',
      'r.id as rule_id', 'r.round_id', 'r.picks',
      (eb) => eb.selectFrom('round_bets as rb').select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('rb.league_id', '=', 'l.id').whereRef('rb.user_id', '=', 'lm.user_id')
        .whereRef('rb.league_rule_id', '=', 'r.id').where('rb.mode', '=', 0).as('teams'),
      (eb) => eb.selectFrom('person_bets as pb').select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('pb.league_id', '=', 'l.id').whereRef('pb.user_id', '=', 'lm.user_id')
        .whereRef('pb.league_rule_id', '=', 'r.id').where('pb.mode', '=', 0).as('people'),
    ])
    .where('r.id', 'in', args.ruleIds)
    .where((eb) => eb.or([
      eb.and([eb('l.round_bets_enabled', '=', 1), eb('r.round_id', '<>', ROUND.TOP_SCORER)]),
      eb.and([eb('l.person_bets_enabled', '=', 1), eb('r.round_id', '=', ROUND.TOP_SCORER)]),
    ]));
  if (args.userId !== undefined) query = query.where('lm.user_id', '=', args.userId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, picked: Number(r.round_id === ROUND.TOP_SCORER ? r.people : r.teams) }));
}
