import { sql } from 'kysely';
import type { CrowdSplit } from '../../../shared/domain/scoring';
import type { Executor } from '../../platform/db/database';

/**
 * How a league's members bet on one match: their real bets (both goals entered) by tendency. The same bets the
 * quote of the scoring SQL counts (scoringSql.ts, quoteTendencySql): a member who leaves loses their bets, so every
 * real bet is a current member's. One grouped statement.
 */
export async function crowdSplit(db: Executor, leagueId: number, matchId: number): Promise<CrowdSplit> {
  const { rows } = await sql<{ home: number | null; draw: number | null; away: number | null }>`SELECT
      SUM(CASE WHEN local_goals > visiting_goals THEN 1 ELSE 0 END) AS home,
      SUM(CASE WHEN local_goals = visiting_goals THEN 1 ELSE 0 END) AS draw,
      SUM(CASE WHEN local_goals < visiting_goals THEN 1 ELSE 0 END) AS away
    FROM result_bets WHERE league_id = ${leagueId} AND match_id = ${matchId} AND mode = 0
      AND local_goals IS NOT NULL AND visiting_goals IS NOT NULL`.execute(db);
  const row = rows[0];
  return { home: Number(row?.home ?? 0), draw: Number(row?.draw ?? 0), away: Number(row?.away ?? 0) };
}

/** The most common scores of those bets, most bet first (ties: fewer goals, then fewer home goals). */
export async function commonScores(
  db: Executor, leagueId: number, matchId: number, limit: number,
): Promise<{ local_goals: number; visiting_goals: number; count: number }[]> {
  const rows = await db.selectFrom('result_bets')
    .select(['local_goals', 'visiting_goals', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('league_id', '=', leagueId).where('match_id', '=', matchId).where('mode', '=', 0)
    .where('local_goals', 'is not', null).where('visiting_goals', 'is not', null)
    .groupBy(['local_goals', 'visiting_goals'])
    .orderBy(sql`COUNT(*)`, 'desc').orderBy(sql`local_goals + visiting_goals`).orderBy('local_goals')
    .limit(limit).execute();
  return rows.map((r) => ({ local_goals: Number(r.local_goals), visiting_goals: Number(r.visiting_goals), count: Number(r.count) }));
}
