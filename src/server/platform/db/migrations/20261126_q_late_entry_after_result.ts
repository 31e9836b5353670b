import type { Kysely } from 'kysely';

/**
 * leagues.late_entry_after_result: whether the league's owner may still enter or correct a member's bet once the
 * match has a result. Off for every league, existing ones included: after the result a late entry could pick the
 * winning score, so a league allows it only by a rule its members can see.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leagues').addColumn('late_entry_after_result', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
