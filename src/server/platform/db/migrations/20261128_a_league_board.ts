import type { Kysely } from 'kysely';

/**
 * league_posts: the league board's messages, plain text. `reply_to` names the post answered (one level: a reply
 * never has replies of its own). `author_id` becomes null when the author deletes their account (the post stays,
 * shown as a deleted user's). A deleted post keeps its row without its text (`deleted_at`), so its replies stay
 * in place.
 * league_boards: per league, whether the owner closed the board and its one pinned post (a column, so a league never
 * has two). Leagues without a row have an open board and nothing pinned.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres' ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('league_posts')
    .addColumn('id', idType, id)
    .addColumn('league_id', idType, (c) => c.notNull().references('leagues.id').onDelete('cascade'))
    .addColumn('author_id', idType, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('match_id', idType, (c) => c.references('matches.id').onDelete('set null'))
    .addColumn('reply_to', idType, (c) => c.references('league_posts.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('deleted_by', idType, (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('league_posts_league').on('league_posts').columns(['league_id', 'reply_to', 'id']).execute();
  await db.schema.createIndex('league_posts_reply_to').on('league_posts').column('reply_to').execute();
  await db.schema.createIndex('league_posts_author').on('league_posts').column('author_id').execute();
  await db.schema.createTable('league_boards')
    .addColumn('league_id', idType, (c) => c.primaryKey().references('leagues.id').onDelete('cascade'))
    .addColumn('closed_at', 'bigint')
    .addColumn('pinned_post_id', idType, (c) => c.references('league_posts.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}
