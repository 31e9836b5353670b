import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors/errors';
import { translate } from '../../platform/i18n/messages';
import { openSession } from '../../platform/sessions/sessions';
import { deleteUserSessions } from '../../platform/sessions/sessionsRepository';
import { revokeUserTokens } from '../../platform/sessions/personalTokens';
import { clearAllSignInFailures } from '../../platform/sessions/signInFailures';
import { hashLinkToken, newLinkToken, revokeEmailedLinks } from './emailedLinks';
import { bumpCalendarGeneration } from '../../domain/calendar/calendarGenerations';
import { forgetCalendarUrl } from '../../domain/calendar/calendarAddress';
import { hashPassword } from '../../platform/sessions/passwords';
import { findUserByEmail, findUserById, updateUser } from './accountsRepository';
import { findUsableReset, insertPasswordReset, useResets } from './passwordResetsRepository';
import { checkNewPassword, normaliseEmail, toAccountUser } from './accountRules';
import type { SignedIn } from './accountsService';
import { FieldErrors } from '../../platform/http/fieldErrors';

const RESET_LIFETIME_MS = 60 * 60_000;

/** The link's origin: the caller's if it is on the allow-list, else the configured app origin. */
function resetLinkOrigin(deps: AppDeps, requested: string | undefined): string {
  if (requested) {
    try {
      const origin = new URL(requested).origin;
      if (deps.config.allowedOrigins.includes(origin)) return origin;
    } catch { /* not a URL: fall back */ }
  }
  return deps.config.appOrigin;
}

/**
 * Emails a reset link when the email is registered; the caller hears the same answer either way. `alsoInTransaction`
 * writes with the reset (the admin console's audit entry), so both commit or neither does.
 */
export async function requestPasswordReset(
  deps: AppDeps, input: { email: string; origin?: string }, alsoInTransaction?: (trx: Executor) => Promise<void>,
): Promise<void> {
  const user = await findUserByEmail(deps.db, normaliseEmail(input.email));
  if (!user) return;
  const token = newLinkToken();
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await insertPasswordReset(trx, { user_id: user.id, token_hash: hashLinkToken(token), expires_at: now + RESET_LIFETIME_MS, now });
    await alsoInTransaction?.(trx);
  });
  const link = `${resetLinkOrigin(deps, input.origin)}/users/password/edit?reset_password_token=${token}`;
  const locale = user.locale === 'es' ? 'es' : 'en';
  // Not awaited: neither the time SMTP takes nor a mail failure may tell the caller that the account exists.
  void deps.mailer.send({
    kind: 'password_reset',
    to: user.email,
    subject: translate(locale, 'mail.password_reset_subject'),
    text: translate(locale, 'mail.password_reset_text', { name: user.name, link }),
  }).catch((err: unknown) => deps.log.error({ err }, 'password reset email failed'));
}

/**
 * Sets a new password with a reset token: single use, revokes every session, every personal API token and the
 * calendar address, then signs in.
 */
export async function resetPassword(deps: AppDeps, input: {
  password: string; password_confirmation: string; reset_password_token: string;
}): Promise<SignedIn> {
  const tokenHash = hashLinkToken(input.reset_password_token);
  const invalidToken = () => new AppError(400, 'errors.invalid_reset_token');
  const reset = await findUsableReset(deps.db, tokenHash, deps.clock.now());
  if (!reset) throw invalidToken();
  const errors = new FieldErrors();
  checkNewPassword(errors, input.password, input.password_confirmation);
  errors.throwIfAny();

  const passwordHash = await hashPassword(input.password, deps.config.scryptCost);
  const signedIn = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    if (!(await useResets(trx, reset.user_id, reset.id, now))) throw invalidToken();
    // A disabled account stays out: the reset (and the password) is rolled back with this transaction.
    if ((await findUserById(trx, reset.user_id))?.disabled_at != null) throw new AppError(400, 'errors.account_disabled');
    // The reset link reached the account's address (links die when the address changes): that verifies it too.
    await updateUser(trx, deps.sessions, reset.user_id, { password_hash: passwordHash, email_verified: 1 }, now);
    await deleteUserSessions(trx, deps.sessions, reset.user_id);
    await revokeUserTokens(trx, deps.sessions, reset.user_id);
    await revokeEmailedLinks(trx, reset.user_id, now);
    await bumpCalendarGeneration(trx, reset.user_id, now);
    const user = (await findUserById(trx, reset.user_id))!;
    // Whoever locked the account by guessing is beside the point now: the owner proved it by email.
    await clearAllSignInFailures(trx, user.email);
    return { ...toAccountUser(user), token: await openSession(deps, trx, user.id) };
  });
  forgetCalendarUrl(deps, reset.user_id);
  return signedIn;
}
