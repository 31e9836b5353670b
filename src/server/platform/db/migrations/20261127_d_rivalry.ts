import type { Kysely } from 'kysely';

/**
 * leagues.head_to_head: the league runs a head-to-head competition among its members (off for every league).
 * league_nudges: the owner's nudges to members who had not bet before a deadline, at most one per member and
 * deadline (the primary key decides, so two owners' clicks at once nudge each member once).
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('leagues').addColumn('head_to_head', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createTable('league_nudges')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('nudged_by', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('nudged_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_nudges_pk', ['league_id', 'user_id', 'deadline'])
    .execute();
}
