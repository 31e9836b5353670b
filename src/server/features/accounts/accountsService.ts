import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError } from '../../platform/errors/errors';
import { touchMemberTables } from '../../domain/standings/tableVersions';
import { resyncPlayerRankings } from '../../domain/standings/overallStandings';
import { openSession } from '../../platform/sessions/sessions';
import { deleteOtherSessions, deleteSession } from '../../platform/sessions/sessionsRepository';
import { ACCOUNT_CHANGES_PER_ACCOUNT, ACCOUNT_CHANGES_PER_IP, perAccountAndIp, takeActionLimits } from '../../platform/sessions/actionLimits';
import { clearSignInFailures, startSignInAttempt, withdrawSignInAttempt } from '../../platform/sessions/signInFailures';
import { revokeEmailedLinks } from './emailedLinks';
import { lockAdminSet } from './adminUsersRepository';
import { requireAnotherAdmin } from './lastAdmin';
import { bumpCalendarGeneration } from '../../domain/calendar/calendarGenerations';
import { forgetCalendarUrl } from '../../domain/calendar/calendarAddress';
import { forgetUserData, type UserDataSection } from '../../domain/userData/userDataSection';
import { prepareVerification, sendVerification } from './emailVerificationService';
import { hashPassword, verifyPassword } from '../../platform/sessions/passwords';
import { revokeUserTokens } from '../../platform/sessions/personalTokens';
import {
  deleteUser, emailTakenByOther, findUserByEmail, findUserById, insertUser, updateUser,
} from './accountsRepository';
import { checkEmail, checkName, checkNewPassword, normaliseEmail, toAccountUser } from './accountRules';
import { FieldErrors } from '../../platform/http/fieldErrors';
import { leaveEveryLeague } from '../../domain/rescoring/leaveEveryLeague';
import type { Locale } from '../../../shared/domain/locales';

export type AccountUser = ReturnType<typeof toAccountUser>;
export type SignedIn = AccountUser & { token: string };

// Unknown emails still pay for one scrypt, so timing does not tell which emails are registered.
const decoyHashes = new Map<number, Promise<string>>();
function decoyHash(cost: number): Promise<string> {
  if (!decoyHashes.has(cost)) decoyHashes.set(cost, hashPassword('decoy password, never matches', cost));
  return decoyHashes.get(cost)!;
}

export async function signIn(deps: AppDeps, input: { email: string; password: string; remember_me?: boolean }, ip: string): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  // Counted as a failure until the password proves right (see signInFailures).
  const attemptId = await startSignInAttempt(deps.db, email, ip, deps.clock.now());
  let user;
  let valid;
  try {
    user = await findUserByEmail(deps.db, email);
    valid = user
      ? await verifyPassword(input.password, user.password_hash)
      : (await verifyPassword(input.password, await decoyHash(deps.config.scryptCost)), false);
  } catch (err) {
    // The password was never checked (server busy): the attempt does not count.
    await withdrawSignInAttempt(deps.db, attemptId);
    throw err;
  }
  if (!user || !valid) throw new AppError(401, 'errors.invalid_credentials');
  // Told only to whoever knows the password: an admin disabled the account.
  if (user.disabled_at !== null) throw new AppError(401, 'errors.account_disabled');
  const signedInUser = user;
  const token = await deps.db.transaction().execute(async (trx) => {
    await clearSignInFailures(trx, email, ip);
    return openSession(deps, trx, signedInUser.id, input.remember_me ?? true);
  });
  return { ...toAccountUser(user), token };
}

export async function signUp(deps: AppDeps, input: {
  name: string; email: string; password: string; password_confirmation?: string; locale?: Locale;
}, callerLocale: Locale, next?: string): Promise<SignedIn> {
  const errors = new FieldErrors();
  const name = checkName(errors, input.name);
  const email = checkEmail(errors, input.email);
  checkNewPassword(errors, input.password, input.password_confirmation);
  errors.throwIfAny();
  const taken = () => { const e = new FieldErrors(); e.add('email', 'validation.taken'); e.throwIfAny(); };
  if (await findUserByEmail(deps.db, email)) taken();

  const passwordHash = await hashPassword(input.password, deps.config.scryptCost);
  const locale = input.locale ?? callerLocale;
  let created;
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, { name, email, password_hash: passwordHash, locale, now: deps.clock.now() });
      const mail = await prepareVerification(deps, trx, { id: userId, name, email, locale }, next);
      return { id: userId, mail, token: await openSession(deps, trx, userId) };
    });
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides, the loser hears "taken".
    if (await findUserByEmail(deps.db, email)) taken();
    throw err;
  }
  sendVerification(deps, created.mail);
  return { ...toAccountUser((await findUserById(deps.db, created.id))!), token: created.token };
}

/**
 * Checks the current password of a signed-in user; a wrong one is a field error, not a 401. Every check counts
 * against the account-change limits of the account and of the client address, right or wrong.
 */
async function checkCurrentPassword(deps: AppDeps, userId: number, password: string, ip: string) {
  await takeActionLimits(deps.db, perAccountAndIp(ACCOUNT_CHANGES_PER_ACCOUNT, ACCOUNT_CHANGES_PER_IP, userId, ip), deps.clock.now());
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(401, 'errors.authentication');
  if (!(await verifyPassword(password, user.password_hash))) {
    const errors = new FieldErrors();
    errors.add('current_password', 'validation.incorrect');
    errors.throwIfAny();
  }
  return user;
}

export async function updateAccount(deps: AppDeps, caller: AuthUser, input: {
  name?: string; email?: string; password?: string; password_confirmation?: string; current_password: string;
  email_reminders?: boolean; locale?: Locale; ranking_hidden?: boolean; revoke_api_tokens?: boolean;
}, ip: string): Promise<AccountUser> {
  const user = await checkCurrentPassword(deps, caller.id, input.current_password, ip);
  const errors = new FieldErrors();
  const name = input.name !== undefined ? checkName(errors, input.name) : undefined;
  const email = input.email !== undefined ? checkEmail(errors, input.email) : undefined;
  // A blank password means "keep the current one" (the account form always sends the field).
  const newPassword = input.password !== undefined && input.password.trim() !== '' ? input.password : undefined;
  if (newPassword !== undefined) checkNewPassword(errors, newPassword, input.password_confirmation);
  errors.throwIfAny();
  if (email !== undefined && email !== user.email && (await emailTakenByOther(deps.db, email, user.id))) {
    errors.add('email', 'validation.taken');
    errors.throwIfAny();
  }

  const passwordHash = newPassword !== undefined ? await hashPassword(newPassword, deps.config.scryptCost) : undefined;
  const emailChanged = email !== undefined && email !== user.email;
  const mail = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    await updateUser(trx, deps.sessions, user.id, {
      ...(name !== undefined && { name }),
      ...(emailChanged && { email, email_verified: 0 as const }),
      ...(passwordHash !== undefined && { password_hash: passwordHash }),
      ...(input.locale !== undefined && { locale: input.locale }),
      ...(input.email_reminders !== undefined && { email_reminders: input.email_reminders ? 1 : 0 }),
      ...(input.ranking_hidden !== undefined && { ranking_hidden: input.ranking_hidden ? 1 : 0 }),
    }, now);
    // Tables show member names (their cached answers are rebuilt).
    if (name !== undefined && name !== user.name) await touchMemberTables(trx, user.id);
    // Opting out of the overall rankings takes the player's rows out at once (back in: they return).
    if (input.ranking_hidden !== undefined && (input.ranking_hidden ? 1 : 0) !== Number(user.ranking_hidden)) await resyncPlayerRankings(trx, user.id);
    // A new password signs out every other device (this one stays signed in) and replaces the calendar address.
    if (passwordHash !== undefined) {
      await deleteOtherSessions(trx, deps.sessions, user.id, caller.sessionId);
      await bumpCalendarGeneration(trx, user.id, now);
    }
    if (passwordHash !== undefined || emailChanged) await revokeEmailedLinks(trx, user.id, now);
    if (input.revoke_api_tokens === true) await revokeUserTokens(trx, deps.sessions, user.id);
    // A new address is unverified until its owner opens the link sent to it.
    return emailChanged
      ? prepareVerification(deps, trx, { id: user.id, name: name ?? user.name, email, locale: input.locale ?? user.locale })
      : undefined;
  });
  if (passwordHash !== undefined) forgetCalendarUrl(deps, user.id);
  if (mail) sendVerification(deps, mail);
  return toAccountUser((await findUserById(deps.db, user.id))!);
}

/**
 * Deletes the account: it leaves every league (owned ones handed over), then every feature's user data is removed
 * or anonymised (`sections`, in the same transaction), then the user row.
 * The last enabled admin cannot go (409), checked under the lock every change of the set of admins takes, so two
 * admins deleting themselves at once leave one.
 */
export async function deleteAccount(
  deps: AppDeps, caller: AuthUser, currentPassword: string, ip: string, sections: readonly UserDataSection[],
): Promise<void> {
  const user = await checkCurrentPassword(deps, caller.id, currentPassword, ip);
  await deps.db.transaction().execute(async (trx) => {
    await lockAdminSet(trx, deps.dialect);
    await requireAnotherAdmin(trx, user);
    await leaveEveryLeague(trx, user.id, { now: deps.clock.now(), key: deps.logKey });
    await forgetUserData(trx, sections, user.id);
    await deleteUser(trx, deps.sessions, user.id);
  });
}

export async function signOut(deps: AppDeps, caller: AuthUser): Promise<void> {
  await deleteSession(deps.db, deps.sessions, caller.sessionId, caller.id);
}
