import type { Executor } from '../platform/db/database';
import { betPointsSql } from '../domain/scoring/scoringSql';
import { storedStandings } from '../domain/standings/leagueTable';
import type { MemberStanding } from '../domain/standings/tableRanking';

/**
 * What tests read of scores. Points are not stored per bet (they are computed when a bet is read), and a member's
 * totals, matchday winners and wins are derived from their stored matchday rows when a table is built: these read
 * them the same ways the app does.
 */

/** Real bets with the points the app shows for them, by id (optionally one league or one match). */
export async function betsWithPoints(db: Executor, filter: { leagueId?: number; matchId?: number; userId?: number } = {}) {
  let query = db.selectFrom('result_bets as rb')
    .innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select(['rb.id', 'rb.league_id', 'rb.user_id', 'rb.match_id', 'rb.local_goals', 'rb.visiting_goals', 'rb.joker',
      betPointsSql('rb', 'l', 'm', 'c').as('points')])
    .where('rb.mode', '=', 0);
  if (filter.leagueId !== undefined) query = query.where('rb.league_id', '=', filter.leagueId);
  if (filter.matchId !== undefined) query = query.where('rb.match_id', '=', filter.matchId);
  if (filter.userId !== undefined) query = query.where('rb.user_id', '=', filter.userId);
  const rows = await query.orderBy('rb.id').execute();
  return rows.map((row) => ({ ...row, points: row.points === null ? null : Number(row.points) }));
}

/** One bet's points as the app shows them. */
export async function betPoints(db: Executor, betId: number): Promise<number | null> {
  const row = await db.selectFrom('result_bets as rb')
    .innerJoin('matches as m', 'm.id', 'rb.match_id')
    .innerJoin('leagues as l', 'l.id', 'rb.league_id')
    .innerJoin('competitions as c', 'c.id', 'l.competition_id')
    .select(betPointsSql('rb', 'l', 'm', 'c').as('points')).where('rb.id', '=', betId).executeTakeFirst();
  return row?.points === null || row?.points === undefined ? null : Number(row.points);
}

/** The league's members as its table counts them (totals, points by matchday, wins), by user id. */
export async function memberStandings(db: Executor, leagueId: number): Promise<Map<number, MemberStanding>> {
  const league = await db.selectFrom('leagues').select('competition_id').where('id', '=', leagueId).executeTakeFirstOrThrow();
  const { members } = await storedStandings({ db }, { id: leagueId, competition_id: league.competition_id });
  return new Map(members.map((m) => [m.user_id, m]));
}

/** One member's standing (throws when they are not a member). */
export async function memberStanding(db: Executor, leagueId: number, userId: number): Promise<MemberStanding> {
  const member = (await memberStandings(db, leagueId)).get(userId);
  if (!member) throw new Error(`user ${userId} is not a member of league ${leagueId}`);
  return member;
}
