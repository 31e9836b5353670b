import type { Executor } from '../db/database';

export async function getSetting(db: Executor, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Inserts the value unless one exists, then returns the stored one: safe when processes race at first start. */
export async function getOrCreateSetting(db: Executor, key: string, create: () => string): Promise<string> {
  const existing = await getSetting(db, key);
  if (existing !== undefined) return existing;
  await db.insertInto('settings').values({ key, value: create() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return (await getSetting(db, key))!;
}

export async function deleteSetting(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('settings').where('key', '=', key).execute();
}
