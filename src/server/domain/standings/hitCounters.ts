import { sql, type RawBuilder } from 'kysely';
import { betFactsSql } from '../scoring/scoringSql';

/** A member's hits over the league's scored result bets, which the league's tie-breaks compare. */
export interface HitCounters { exact_hits: number; goal_difference_hits: number; tendency_hits: number }

export const NO_HITS: HitCounters = { exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0 };

/**
 * The common table expressions `hit_facts` and `hits`: each member's hit counters in one league (user_id,
 * exact_hits, goal_difference_hits, tendency_hits), set-based over its scored real bets (filled, on a match finished
 * and played in the league), against the result the league scores with (betFactsSql: knockout basis included).
 * Mirrors tableHits in shared/domain/tieBreaks.ts; in the `sign` system (by_goals 0) only tendencies count. Read
 * when a table is built, so the counters always follow the results without another writer.
 */
export function hitCountersCte(leagueId: number, competitionId: number): RawBuilder<unknown> {
  const bl = sql.ref('rb.local_goals');
  const bv = sql.ref('rb.visiting_goals');
  return sql`hit_facts AS MATERIALIZED (SELECT ${betFactsSql('l', 'm', 'c')}
      FROM matches m JOIN competitions c ON c.id = m.competition_id JOIN leagues l ON l.competition_id = m.competition_id
      WHERE l.id = ${leagueId} AND m.finished = 1),
    hits AS (SELECT rb.user_id,
      SUM(CASE WHEN (CASE WHEN ${bl} > ${bv} THEN 1 WHEN ${bl} < ${bv} THEN -1 ELSE 0 END) = f.rsign THEN 1 ELSE 0 END) AS tendency_hits,
      SUM(CASE WHEN f.by_goals = 1 AND f.rsign <> 0 AND ${bl} - ${bv} = f.rl - f.rv THEN 1 ELSE 0 END) AS goal_difference_hits,
      SUM(CASE WHEN f.by_goals = 1 AND ${bl} = f.rl AND ${bv} = f.rv THEN 1 ELSE 0 END) AS exact_hits
    FROM result_bets rb JOIN hit_facts f ON f.match_id = rb.match_id AND f.league_id = rb.league_id
    WHERE rb.competition_id = ${competitionId} AND rb.league_id = ${leagueId} AND rb.mode = 0 AND f.scored = 1
      AND ${bl} IS NOT NULL AND ${bv} IS NOT NULL
    GROUP BY rb.user_id)`;
}
