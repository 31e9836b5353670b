import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { playedInLeague, resultBetDeadlineSql } from '../../domain/scoring/scoringSql';

/** The feed's owner, unless the account is disabled (a disabled player's feed stops like their sessions). */
export async function feedOwner(db: Executor, userId: number) {
  return db.selectFrom('users').select(['id', 'locale']).where('id', '=', userId).where('disabled_at', 'is', null).executeTakeFirst();
}

/**
 * Every match the user's leagues play from `since` on, once per league, with the user's real bet there (if any)
 * and the bet deadline.
 */
export async function calendarMatches(db: Executor, userId: number, since: number) {
  return db.selectFrom('league_members as lm')
    .innerJoin('leagues as l', 'l.id', 'lm.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .innerJoin('matches as m', 'm.competition_id', 'l.competition_id')
    .leftJoin('teams as lt', 'lt.id', 'm.local_team_id')
    .leftJoin('teams as vt', 'vt.id', 'm.visiting_team_id')
    .leftJoin('result_bets as rb', (join) => join.onRef('rb.league_id', '=', 'l.id').onRef('rb.match_id', '=', 'm.id')
      .onRef('rb.user_id', '=', 'lm.user_id').on('rb.mode', '=', 0))
    .select([
      'm.id', 'm.date', 'm.status', 'm.finished', 'm.local_goals', 'm.visiting_goals', 'm.updated_at',
      'm.local_placeholder', 'm.visiting_placeholder', 'c.name as competition_name',
      'lt.team_name as local_team', 'vt.team_name as visiting_team',
      'l.id as league_id', 'l.name as league_name', 'l.bets_system',
      'rb.local_goals as bet_local', 'rb.visiting_goals as bet_visiting',
      resultBetDeadlineSql('l', 'm').as('deadline'),
    ])
    .where('lm.user_id', '=', userId).where('m.date', '>=', since)
    .where(sql<boolean>`${playedInLeague('l', 'm', 'c')}`)
    .orderBy('m.date').orderBy('m.id').orderBy('l.id')
    .execute();
}
