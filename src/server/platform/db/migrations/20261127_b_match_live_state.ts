import type { Kysely } from 'kysely';

/**
 * Where a match in play stands, as its provider last said: matches.live_phase (first_half, half_time, second_half,
 * extra_time, penalties; null when unknown or not in play), live_minute and live_added (stoppage minutes), both
 * nullable. The score columns hold the provisional score meanwhile.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('matches').addColumn('live_phase', 'text').execute();
  await db.schema.alterTable('matches').addColumn('live_minute', 'integer').execute();
  await db.schema.alterTable('matches').addColumn('live_added', 'integer').execute();
}
