import type { Kysely } from 'kysely';

/**
 * leagues.description: a few lines the owner writes about the league (its prize, its rules of the house), null when
 * none. Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('description', 'varchar(500)').execute();
}
