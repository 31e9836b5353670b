import { Kysely } from 'kysely';

/**
 * Account trust: verified email addresses, sign-in failures per (account, IP) and per IP,
 * and a generic table of rate-limited actions so per-account limits hold across every server process.
 * Frozen in time: never import application code here. Existing users stay unverified (they can resend).
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const id = (col: any) =>
    dialect === 'postgres'
      ? col.generatedByDefaultAsIdentity().primaryKey()
      : col.autoIncrement().primaryKey();
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  const time = 'bigint';

  await db.schema.alterTable('users')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // One row per verification link sent. The token is stored hashed; the row remembers the address it
  // verifies, so a link for an address the account no longer has can never verify anything.
  await db.schema.createTable('email_verifications')
    .addColumn('id', idType, id)
    .addColumn('user_id', idType, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_verifications_user').on('email_verifications').column('user_id').execute();

  // Failures now also remember the client address: the throttle counts per (email, IP) and per IP, so
  // a stranger cannot lock someone out from their own address. Rows written before have no IP.
  await db.schema.alterTable('sign_in_failures').addColumn('ip', 'varchar(64)').execute();
  await db.schema.createIndex('sign_in_failures_ip').on('sign_in_failures').columns(['ip', 'created_at']).execute();

  // Rate-limited actions (password checks, account updates, verification resends): one row per hit,
  // counted by (action, subject) within a window and pruned as new hits arrive.
  await db.schema.createTable('rate_limit_hits')
    .addColumn('id', idType, id)
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_subject').on('rate_limit_hits')
    .columns(['action', 'subject', 'created_at']).execute();
}
