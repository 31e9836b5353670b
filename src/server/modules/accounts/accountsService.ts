import type { Locale } from '../../../shared/api/route';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/context';
import { AppError } from '../../http/errors';
import { refreshLeagueStandings } from '../scoring/recompute';
import { handOverOwnedLeagues } from '../leagues/ownership';
import { openSession } from '../auth/sessions';
import { deleteOtherSessions, deleteSession } from '../auth/sessionsRepository';
import { clearSignInFailures, isAccountThrottled, recordSignInFailure } from '../auth/signInFailures';
import { hashPassword, verifyPassword } from './passwords';
import {
  deleteUser, emailTakenByOther, existingLeagueIds, findUserByEmail, findUserById, insertUser, leagueIdsOfMember, updateUser,
} from './accountsRepository';
import { checkEmail, checkName, checkNewPassword, FieldErrors, normaliseEmail, toAccountUser } from './accountRules';

export type AccountUser = ReturnType<typeof toAccountUser>;
export type SignedIn = AccountUser & { token: string };

// Unknown emails still pay for one scrypt, so timing does not tell which emails are registered.
const decoyHashes = new Map<number, Promise<string>>();
function decoyHash(cost: number): Promise<string> {
  if (!decoyHashes.has(cost)) decoyHashes.set(cost, hashPassword('decoy password, never matches', cost));
  return decoyHashes.get(cost)!;
}

export async function signIn(deps: AppDeps, input: { email: string; password: string; remember_me?: boolean }): Promise<SignedIn> {
  const email = normaliseEmail(input.email);
  const now = deps.clock.now();
  if (await isAccountThrottled(deps.db, email, now)) throw new AppError(429, 'errors.too_many_requests');
  const user = await findUserByEmail(deps.db, email);
  const valid = user
    ? await verifyPassword(input.password, user.password_hash)
    : (await verifyPassword(input.password, await decoyHash(deps.config.scryptCost)), false);
  if (!user || !valid) {
    await recordSignInFailure(deps.db, email, now);
    throw new AppError(401, 'errors.invalid_credentials');
  }
  const token = await deps.db.transaction().execute(async (trx) => {
    await clearSignInFailures(trx, email);
    return openSession(deps, trx, user.id, input.remember_me ?? true);
  });
  return { ...toAccountUser(user), token };
}

export async function signUp(deps: AppDeps, input: {
  name: string; email: string; password: string; password_confirmation?: string; locale?: Locale;
}, callerLocale: Locale): Promise<SignedIn> {
  const errors = new FieldErrors();
  const name = checkName(errors, input.name);
  const email = checkEmail(errors, input.email);
  checkNewPassword(errors, input.password, input.password_confirmation);
  errors.throwIfAny();
  const taken = () => { const e = new FieldErrors(); e.add('email', 'validation.taken'); e.throwIfAny(); };
  if (await findUserByEmail(deps.db, email)) taken();

  const passwordHash = await hashPassword(input.password, deps.config.scryptCost);
  let token: string;
  let id: number;
  try {
    ({ id, token } = await deps.db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, {
        name, email, password_hash: passwordHash, locale: input.locale ?? callerLocale, now: deps.clock.now(),
      });
      return { id: userId, token: await openSession(deps, trx, userId) };
    }));
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides, the loser hears "taken".
    if (await findUserByEmail(deps.db, email)) taken();
    throw err;
  }
  return { ...toAccountUser((await findUserById(deps.db, id))!), token };
}

/** Checks the current password of a signed-in user; a wrong one is a field error, not a 401. */
async function checkCurrentPassword(deps: AppDeps, userId: number, password: string) {
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
  email_reminders?: boolean; locale?: Locale;
}): Promise<AccountUser> {
  const user = await checkCurrentPassword(deps, caller.id, input.current_password);
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
  await deps.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      ...(name !== undefined && { name }),
      ...(email !== undefined && { email }),
      ...(passwordHash !== undefined && { password_hash: passwordHash }),
      ...(input.locale !== undefined && { locale: input.locale }),
      ...(input.email_reminders !== undefined && { email_reminders: input.email_reminders ? 1 : 0 }),
    }, deps.clock.now());
    // A new password signs out every other device; this one stays signed in.
    if (passwordHash !== undefined) await deleteOtherSessions(trx, user.id, caller.sessionId);
  });
  return toAccountUser((await findUserById(deps.db, user.id))!);
}

/** Deletes the account: owned leagues are handed over first, then bets, memberships and sessions go by cascade. */
export async function deleteAccount(deps: AppDeps, caller: AuthUser, currentPassword: string): Promise<void> {
  const user = await checkCurrentPassword(deps, caller.id, currentPassword);
  await deps.db.transaction().execute(async (trx) => {
    const leagueIds = await leagueIdsOfMember(trx, user.id);
    await handOverOwnedLeagues(trx, user.id, deps.clock.now());
    await deleteUser(trx, user.id);
    // The user's leagues lost a member: their stored standings (matchday wins) are re-summed.
    for (const id of await existingLeagueIds(trx, leagueIds)) await refreshLeagueStandings(trx, id);
  });
}

export async function signOut(deps: AppDeps, caller: AuthUser): Promise<void> {
  await deleteSession(deps.db, caller.sessionId);
}
