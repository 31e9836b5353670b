import type { Executor } from '../../platform/db/database';

export async function findPublicUser(db: Executor, id: number) {
  return db.selectFrom('users').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}
