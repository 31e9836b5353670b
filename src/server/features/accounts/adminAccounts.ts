import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../../platform/clock';
import { SessionCache } from '../../platform/sessions/sessionCache';
import type { Db } from '../../platform/db/database';
import { deleteUserSessions } from '../../platform/sessions/sessionsRepository';
import { revokeUserTokens } from '../../platform/sessions/personalTokens';
import { clearAllSignInFailures } from '../../platform/sessions/signInFailures';
import { findUserByEmail, insertUser, updateUser } from './accountsRepository';
import { checkEmail, checkName, checkNewPassword, normaliseEmail } from './accountRules';
import { revokeEmailedLinks } from './emailedLinks';
import { bumpCalendarGeneration } from '../../domain/calendar/calendarGenerations';
import { hashPassword } from '../../platform/sessions/passwords';

/**
 * These commands run in their own process: the servers' caches of signed-in callers are elsewhere (told on PostgreSQL
 * within a second by the revocation broadcast, and in any case within SESSION_CACHE_SECONDS), so the rows are written
 * with a cache of their own that nothing reads.
 */
const otherProcessSessions = () => new SessionCache();
import { AppError } from '../../platform/errors/errors';
import { translate } from '../../platform/i18n/messages';
import { touchMemberTables } from '../../domain/standings/tableVersions';
import { FieldErrors } from '../../platform/http/fieldErrors';

export class AdminAccountError extends Error {}

/**
 * `porra create-admin`: creates a global admin, or promotes the user with that email (and sets the
 * password given, so the operator knows it). Returns the user id and whether it was created.
 * The operator vouches for the address, so it counts as verified; the new password kills emailed links and personal
 * API tokens and replaces the calendar address.
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
      await updateUser(trx, otherProcessSessions(), existing.id, {
        is_admin: 1, password_hash: passwordHash, email_verified: 1, ...(input.name !== undefined && { name }),
      }, now);
      if (input.name !== undefined && name !== existing.name) await touchMemberTables(trx, existing.id);
      await revokeEmailedLinks(trx, existing.id, now);
      await revokeUserTokens(trx, otherProcessSessions(), existing.id);
      await bumpCalendarGeneration(trx, existing.id, now);
      return { id: existing.id, created: false };
    }
    const id = await insertUser(trx, {
      name: name.slice(0, 100), email, password_hash: passwordHash, locale: 'en', is_admin: 1, email_verified: 1, now,
    });
    return { id, created: true };
  });
}

/**
 * `porra reset-password`: sets a new password for the account with that email (a random one when none is given,
 * returned so the command can print it), signs out every session, revokes every personal API token, kills emailed
 * links, replaces the calendar address and lifts the sign-in lock.
 */
export async function resetPasswordByEmail(
  db: Db, input: { email: string; password?: string }, scryptCost: number, clock: Clock = systemClock,
): Promise<{ id: number; password: string; generated: boolean }> {
  const generated = input.password === undefined;
  const password = input.password ?? randomBytes(12).toString('base64url');
  const errors = new FieldErrors();
  checkNewPassword(errors, password, undefined);
  try {
    errors.throwIfAny();
  } catch (err) {
    throw new AdminAccountError(describe(err));
  }
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(password, scryptCost);
  const id = await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (!user) throw new AdminAccountError(`no account has the email ${email}`);
    const now = clock.now();
    await updateUser(trx, otherProcessSessions(), user.id, { password_hash: passwordHash }, now);
    await deleteUserSessions(trx, otherProcessSessions(), user.id);
    await revokeUserTokens(trx, otherProcessSessions(), user.id);
    await revokeEmailedLinks(trx, user.id, now);
    await bumpCalendarGeneration(trx, user.id, now);
    await clearAllSignInFailures(trx, email);
    return user.id;
  });
  return { id, password, generated };
}

/** "email: is invalid; password: 8 characters minimum" for the command line. */
function describe(err: unknown): string {
  if (!(err instanceof AppError) || !err.fields) return String(err);
  return Object.entries(err.fields)
    .map(([field, list]) => `${field}: ${list.map((e) => translate('en', e.key, e.vars)).join(', ')}`)
    .join('; ');
}
