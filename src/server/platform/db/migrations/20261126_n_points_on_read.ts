import { Kysely, sql } from 'kysely';

/**
 * Points are no longer stored per bet: a result re-wrote every bet on the match in every league
 * (51,000 rows for one World Cup match) and again each member's matchday row and totals. Now a result rewrites only
 * the members' matchday rows (member_matchday_points, summed from the bets set-based); a bet's points are computed
 * when it is read, and a table's totals, matchday winners and wins when it is built (it reads every matchday row of
 * its league anyway).
 *
 * - result_bets.points goes. SQLite: the covering index the recompute reads becomes
 *   (match_id, mode, league_id, user_id, local_goals, visiting_goals, joker), so summing a matchday's bets never
 *   reads the table rows. PostgreSQL keeps (match_id, mode): an index on the goals would end HOT bet saves.
 * - league_members.points_league, points and matchday_wins go (derived when a table is built); points_rounds,
 *   points_people and points_bonus stay (written by their own, rare recomputes).
 * - member_matchday_points.won goes (winners are decided when a table is built). PostgreSQL: its foreign key to
 *   league_members goes too: checked row by row, it was a third of a result's recompute (51,000 rows inserted for
 *   a World Cup match); the rows are deleted with the membership or league explicitly (leagues module), and a
 *   table only reads the rows of current members.
 * - matches.standings_scored: 1 when the stored matchday rows hold the match's result, so a recompute knows a
 *   withdrawn result (held before, not now) from a match in play that never counted.
 * Existing matchday rows stay valid: they are the sums of the points the bets had.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('matches').addColumn('standings_scored', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`UPDATE matches SET standings_scored = 1
    WHERE finished = 1 AND local_goals IS NOT NULL AND visiting_goals IS NOT NULL`.execute(db);

  if (dialect === 'sqlite') {
    await db.schema.dropIndex('result_bets_match').execute();
    await db.schema.alterTable('result_bets').dropColumn('points').execute();
    await db.schema.createIndex('result_bets_match').on('result_bets')
      .columns(['match_id', 'mode', 'league_id', 'user_id', 'local_goals', 'visiting_goals', 'joker']).execute();
  } else {
    await db.schema.alterTable('result_bets').dropColumn('points').execute();
  }
  for (const column of ['points_league', 'points', 'matchday_wins']) {
    await db.schema.alterTable('league_members').dropColumn(column).execute();
  }
  await db.schema.alterTable('member_matchday_points').dropColumn('won').execute();
  if (dialect === 'postgres') {
    await sql`ALTER TABLE member_matchday_points DROP CONSTRAINT IF EXISTS member_matchday_points_member_fkey`.execute(db);
  }
}
