import type { Kysely } from 'kysely';

/**
 * league_nudges by member and deadline: the side panel shows a member the nudges still ahead of them.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('league_nudges_user_deadline').on('league_nudges').columns(['user_id', 'deadline']).execute();
}
