import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Sessions are stored by the SHA-256 (hex) of their id: a copy of the database (a backup) then names no session
 * anyone could sign in with. The tokens already handed out carry the id itself and keep working, since every
 * lookup hashes the id it is given. Ids are 36-character UUIDs, which never equal a 64-character hash, so rewriting
 * them cannot clash.
 * Frozen in time: never import application code here.
 */
export async function up(db: Kysely<any>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    // One statement, inside the migration's transaction (sha256() is built in since PostgreSQL 11).
    await sql`UPDATE sessions SET id = encode(sha256(convert_to(id, 'UTF8')), 'hex') WHERE length(id) <> 64`.execute(db);
    return;
  }
  // SQLite has no sha256(): the rows are rewritten here, in one transaction (its migrations run outside one).
  await db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('sessions').select('id').execute() as { id: string }[];
    for (const { id } of rows) {
      if (id.length === 64) continue;
      await trx.updateTable('sessions').set({ id: createHash('sha256').update(id).digest('hex') }).where('id', '=', id).execute();
    }
  });
}
