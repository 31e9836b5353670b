import type { Executor } from '../../platform/db/database';
import { conflict } from '../../platform/errors/errors';
import { enabledAdminIds } from './adminUsersRepository';

/**
 * The site keeps an enabled global admin: 409 when `user` is the last one. Disabling, taking the rights away and
 * deleting the account all call it under lockAdminSet, so two of them at once cannot both pass.
 */
export async function requireAnotherAdmin(trx: Executor, user: { id: number }): Promise<void> {
  const admins = await enabledAdminIds(trx);
  if (admins.includes(user.id) && admins.length <= 1) throw conflict('errors.last_admin');
}
