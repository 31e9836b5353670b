import { Kysely, sql } from 'kysely';

/**
 * Matchday rows are written on every result (one per member of every league playing the match): the index on
 * (league, matchday, points) cost an index entry per write and kept points updates from being HOT on PostgreSQL.
 * Winners are found from the rows of the touched matchday instead (a scan of the primary key), only when a
 * matchday finishes. PostgreSQL also keeps free room in each page for those in-place updates.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema.dropIndex('member_matchday_points_matchday').ifExists().execute();
  if (dialect === 'postgres') await sql`ALTER TABLE member_matchday_points SET (fillfactor = 80)`.execute(db);
}
