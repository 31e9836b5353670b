import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { nameSortKey } from './nameKeys';

/**
 * users.name_key_en / name_key_es: each name's sort keys (nameKeys.ts), computed by the app because SQL cannot.
 * Users written without them (a sign-up, an import, a test's insert) get them when a ranked row of theirs is first
 * written; a name change writes them again, in every ranked row of the user.
 */

/** Rows per statement when keys are written (three parameters a row). */
const BATCH = 500;

/** Writes the name keys of users whose keys are missing among `userIds`. */
export async function fillNameKeys(db: Executor, userIds: readonly number[]): Promise<void> {
  for (let start = 0; start < userIds.length; start += BATCH) {
    const users = await db.selectFrom('users').select(['id', 'name'])
      .where('id', 'in', userIds.slice(start, start + BATCH)).where('name_key_en', 'is', null).execute();
    await writeUserKeys(db, users.map((u) => ({ id: Number(u.id), name: u.name })));
  }
}

async function writeUserKeys(db: Executor, users: { id: number; name: string }[]): Promise<void> {
  if (users.length === 0) return;
  const rows = sql.join(users.map((u) => sql`(CAST(${u.id} AS bigint), ${nameSortKey(u.name, 'en')}, ${nameSortKey(u.name, 'es')})`));
  await sql`WITH v (id, en, es) AS (VALUES ${rows})
    UPDATE users SET name_key_en = v.en, name_key_es = v.es FROM v WHERE users.id = v.id`.execute(db);
}

/** A user's name changed: their keys, and every ranked row of theirs (league tables and the overall rankings they hold). */
export async function renameInRankings(db: Executor, userId: number): Promise<void> {
  const user = await db.selectFrom('users').select(['id', 'name']).where('id', '=', userId).executeTakeFirst();
  if (!user) return;
  const keys = { name_key_en: nameSortKey(user.name, 'en'), name_key_es: nameSortKey(user.name, 'es') };
  await db.updateTable('users').set({ name_key_en: keys.name_key_en, name_key_es: keys.name_key_es }).where('id', '=', userId).execute();
  // Found by their primary keys (the leagues the user is in), never by a scan.
  await db.updateTable('member_standings').set(keys).where('user_id', '=', userId)
    .where('league_id', 'in', (eb) => eb.selectFrom('league_members').select('league_id').where('user_id', '=', userId)).execute();
}
