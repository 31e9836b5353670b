import type { Kysely } from 'kysely';

/**
 * api_tokens: a user's personal API tokens (bearer tokens for scripts and bots). Only the SHA-256 of the token is
 * kept; `scope` is `read` or `bet`; a token stops working at `expires_at` or when its row is deleted (revoked).
 * leagues.bots: whether members may bet with a token (`allowed`, `marked`: shown with a robot mark, `forbidden`).
 * by_bot on every kind of bet: the last save came through a token (a save by the member in person clears it).
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.createTable('api_tokens')
    .addColumn('id', idType, (col) => (dialect === 'postgres'
      ? col.generatedByDefaultAsIdentity().primaryKey()
      : col.autoIncrement().primaryKey()))
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema.createIndex('api_tokens_user_idx').on('api_tokens').column('user_id').execute();
  await db.schema.alterTable('leagues').addColumn('bots', 'varchar(10)', (c) => c.notNull().defaultTo('marked')).execute();
  for (const table of ['result_bets', 'round_bets', 'person_bets', 'bonus_answers']) {
    await db.schema.alterTable(table).addColumn('by_bot', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
}
