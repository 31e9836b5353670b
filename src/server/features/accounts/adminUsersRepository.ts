import { sql } from 'kysely';
import type { Executor } from '../../platform/db/database';
import type { Dialect } from '../../platform/db/migrations/index';

const USER_COLUMNS = ['id', 'name', 'email', 'locale', 'is_admin', 'email_verified', 'disabled_at', 'last_sign_in_at', 'created_at'] as const;

/** `%text%` for LIKE, with the text's own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchUsers(db: Executor, filter: { search?: string; limit: number; offset: number }) {
  const text = filter.search?.trim();
  const matching = <Q extends { where: (...args: any[]) => Q }>(query: Q): Q => {
    if (!text) return query;
    const pattern = containsPattern(text);
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's only for non-ASCII letters.
    return query.where(sql<boolean>`(lower(name) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\')`);
  };
  const [rows, count] = await Promise.all([
    matching(db.selectFrom('users').select(USER_COLUMNS)).orderBy('name').orderBy('id').limit(filter.limit).offset(filter.offset).execute(),
    matching(db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n'))).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type AdminUserRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];

export async function findAdminUser(db: Executor, id: number): Promise<AdminUserRow | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function leaguesOfUsers(db: Executor, userIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byUser = new Map<number, { id: number; name: string }[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db.selectFrom('league_members as m').innerJoin('leagues as l', 'l.id', 'm.league_id')
    .select(['m.user_id', 'l.id', 'l.name']).where('m.user_id', 'in', userIds).orderBy('l.name').orderBy('l.id').execute();
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** Key of the PostgreSQL advisory lock that orders every change to who is an enabled admin. */
const ADMIN_SET_LOCK = 0x6164_6d6e; // "admn"

/**
 * PostgreSQL: changes to the set of enabled admins (promote, demote, disable, enable) run one after the other until
 * the transaction ends, so two admins demoting each other at once cannot leave none. SQLite runs one transaction at a time.
 */
export async function lockAdminSet(trx: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK}::int4, 0)`.execute(trx);
}

export async function enabledAdminIds(trx: Executor): Promise<number[]> {
  const rows = await trx.selectFrom('users').select('id').where('is_admin', '=', 1).where('disabled_at', 'is', null).execute();
  return rows.map((row) => row.id);
}
