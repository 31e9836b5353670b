import { systemClock, type Clock } from '../../clock';
import type { Db } from '../../db/database';
import { findUserByEmail, insertUser, updateUser } from './accountsRepository';
import { checkEmail, checkName, checkNewPassword, FieldErrors } from './accountRules';
import { hashPassword } from './passwords';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n/messages';

export class AdminAccountError extends Error {}

/**
 * `porra create-admin`: creates a global admin, or promotes the user with that email (and sets the
 * password given, so the operator knows it). Returns the user id and whether it was created.
 */
export async function createOrPromoteAdmin(
  db: Db, input: { email: string; password: string; name?: string }, scryptCost: number, clock: Clock = systemClock,
): Promise<{ id: number; created: boolean }> {
  const errors = new FieldErrors();
  const email = checkEmail(errors, input.email);
  const name = input.name !== undefined ? checkName(errors, input.name) : email.split('@')[0]!;
  checkNewPassword(errors, input.password, undefined);
  try {
    errors.throwIfAny();
  } catch (err) {
    throw new AdminAccountError(describe(err));
  }
  const passwordHash = await hashPassword(input.password, scryptCost);
  return db.transaction().execute(async (trx) => {
    const now = clock.now();
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      await updateUser(trx, existing.id, { is_admin: 1, password_hash: passwordHash, ...(input.name !== undefined && { name }) }, now);
      return { id: existing.id, created: false };
    }
    const id = await insertUser(trx, { name: name.slice(0, 100), email, password_hash: passwordHash, locale: 'en', is_admin: 1, now });
    return { id, created: true };
  });
}

/** "email: is invalid; password: 8 characters minimum" for the command line. */
function describe(err: unknown): string {
  if (!(err instanceof AppError) || !err.fields) return String(err);
  return Object.entries(err.fields)
    .map(([field, list]) => `${field}: ${list.map((e) => translate('en', e.key, e.vars)).join(', ')}`)
    .join('; ');
}
