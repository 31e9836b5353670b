import { Kysely, sql } from 'kysely';

/**
 * League log integrity.
 * - league_log.scheme: how the entry's hash was made. 1: sha256(prev_hash + canonical entry), the entries written
 *   before this migration, which keep verifying as they are; 2: HMAC-SHA256 keyed with a secret kept outside the
 *   database (LOG_HMAC_KEY or the key file), so the database alone can neither rewrite the chain nor brute-force a
 *   hidden bet from a hash.
 * - The log is append-only in the database itself: triggers refuse every UPDATE, and every DELETE of a row that is
 *   not already copied into league_log_archive.
 * - Deleting a league first copies its log into league_log_archive (a trigger on leagues, so every deletion path
 *   does it, cascades included); the cascade then removes the archived rows. The archive refuses UPDATE and DELETE.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const idType = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('league_log').addColumn('scheme', 'integer', (c) => c.notNull().defaultTo(1)).execute();

  await db.schema.createTable('league_log_archive')
    .addColumn('league_id', idType, (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('actor_id', idType)
    .addColumn('action', 'varchar(50)', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('scheme', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('league_log_archive_pk', ['league_id', 'seq'])
    .execute();

  const columns = 'league_id, seq, actor_id, action, details, created_at, prev_hash, hash, scheme';
  if (dialect === 'sqlite') {
    const refuse = (message: string) => `SELECT RAISE(ABORT, '${message}');`;
    await sql.raw(`CREATE TRIGGER league_log_no_update BEFORE UPDATE ON league_log
      BEGIN ${refuse('league_log is append-only')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER league_log_no_delete BEFORE DELETE ON league_log
      WHEN NOT EXISTS (SELECT 1 FROM league_log_archive a WHERE a.league_id = OLD.league_id AND a.seq = OLD.seq AND a.hash = OLD.hash)
      BEGIN ${refuse('league_log is append-only: a league deletion archives its log first')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER league_log_archive_no_update BEFORE UPDATE ON league_log_archive
      BEGIN ${refuse('league_log_archive is append-only')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER league_log_archive_no_delete BEFORE DELETE ON league_log_archive
      BEGIN ${refuse('league_log_archive is append-only')} END`).execute(db);
    await sql.raw(`CREATE TRIGGER leagues_archive_log BEFORE DELETE ON leagues
      BEGIN INSERT INTO league_log_archive (${columns}, archived_at)
        SELECT ${columns}, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM league_log WHERE league_id = OLD.id; END`).execute(db);
    return;
  }
  await sql.raw(`CREATE FUNCTION league_log_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'league_log' THEN
        IF EXISTS (SELECT 1 FROM league_log_archive a
            WHERE a.league_id = OLD.league_id AND a.seq = OLD.seq AND a.hash = OLD.hash) THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION '% is append-only: a league deletion archives its log first', TG_TABLE_NAME
        USING ERRCODE = 'insufficient_privilege';
    END $$`).execute(db);
  await sql.raw(`CREATE FUNCTION leagues_archive_log() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO league_log_archive (${columns}, archived_at)
        SELECT ${columns}, (extract(epoch FROM clock_timestamp()) * 1000)::bigint FROM league_log WHERE league_id = OLD.id;
      RETURN OLD;
    END $$`).execute(db);
  for (const table of ['league_log', 'league_log_archive']) {
    await sql.raw(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION league_log_refuse()`).execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
      FOR EACH STATEMENT EXECUTE FUNCTION league_log_refuse()`).execute(db);
  }
  await sql.raw(`CREATE TRIGGER leagues_archive_log BEFORE DELETE ON leagues
    FOR EACH ROW EXECUTE FUNCTION leagues_archive_log()`).execute(db);
}
