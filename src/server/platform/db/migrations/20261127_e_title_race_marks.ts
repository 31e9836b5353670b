import type { Kysely } from 'kysely';

/**
 * title_race_marks: per league and member, whether they could still win and whether they had clinched it when the
 * race was last looked at after results, so a member is told once when they are knocked out or clinch it.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('title_race_marks')
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('can_win', 'integer', (c) => c.notNull())
    .addColumn('clinched', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('title_race_marks_pkey', ['league_id', 'user_id'])
    .execute();
}
