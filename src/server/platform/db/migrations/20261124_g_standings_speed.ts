import { Kysely, sql } from 'kysely';

/**
 * Speed of results and tables. Frozen in time: never import application code here.
 *
 * - leagues.table_version: moved by every write that changes what the league's table shows (standings, members,
 *   departments, member names), so a cached table is reused until its own league changes, not until any write.
 * - PostgreSQL: a member's matchday rows reference the membership (league_members, ON DELETE CASCADE) instead of
 *   the league and the user separately: the same cascades (a league, a user or a membership going away), one
 *   foreign-key check per inserted row instead of two. Those checks were most of a results recompute (two checks
 *   per member and matchday: 1.4 s of 2.8 s for the 51,000 rows of one matchday). SQLite checks keys in-process,
 *   cheaply, and would have to rebuild the table to change them: it keeps its two.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('table_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  if (dialect === 'postgres') {
    await sql`ALTER TABLE member_matchday_points DROP CONSTRAINT IF EXISTS member_matchday_points_league_id_fkey`.execute(db);
    await sql`ALTER TABLE member_matchday_points DROP CONSTRAINT IF EXISTS member_matchday_points_user_id_fkey`.execute(db);
    // Rows of former members (none should exist: leaving deletes them) would block the new key: drop them first.
    await sql`DELETE FROM member_matchday_points p WHERE NOT EXISTS (SELECT 1 FROM league_members m
      WHERE m.league_id = p.league_id AND m.user_id = p.user_id)`.execute(db);
    await sql`ALTER TABLE member_matchday_points ADD CONSTRAINT member_matchday_points_member_fkey
      FOREIGN KEY (league_id, user_id) REFERENCES league_members (league_id, user_id) ON DELETE CASCADE`.execute(db);
  }
}
