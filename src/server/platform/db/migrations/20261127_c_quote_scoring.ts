import type { Kysely } from 'kysely';

/**
 * leagues.points_quote_max: the most a right tendency earns in a league scored by rarity (scoring_mode 'quote').
 * Every league gets the default 10; it counts only once a league picks the `quote` mode. scoring_mode is a
 * varchar(10) with no check, so 'quote' needs no change there.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('points_quote_max', 'integer', (c) => c.notNull().defaultTo(10)).execute();
}
