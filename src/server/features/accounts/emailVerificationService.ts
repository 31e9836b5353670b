import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, conflict } from '../../platform/errors/errors';
import { translate } from '../../platform/i18n/messages';
import { isAppPath } from '../../../shared/domain/appPaths';
import {
  perAccountAndIp, takeActionLimits, VERIFICATION_RESENDS_PER_ACCOUNT, VERIFICATION_RESENDS_PER_IP,
} from '../../platform/sessions/actionLimits';
import { findUserById } from './accountsRepository';
import { hashLinkToken, newLinkToken } from './emailedLinks';
import {
  claimVerification, confirmedByEarlierLink, findUsableVerification, insertVerification, markEmailVerified, useOpenVerifications,
} from './emailVerificationsRepository';

const VERIFICATION_LIFETIME_MS = 24 * 60 * 60_000;

/** Where a verification link lands: a client page that posts the token to `POST /api/v1/users/verify_email`. */
const VERIFY_EMAIL_PATH = '/verify_email';

interface VerificationMail { to: string; name: string; locale: string; link: string }

/**
 * Stores a new single-use verification for the user's current address (in the caller's transaction) and returns
 * the email to send once that transaction has committed. `next`, a path of the app (checked with isAppPath), rides
 * on the link: the verification page continues there, so signing up from an invitation ends in its league.
 */
export async function prepareVerification(
  deps: AppDeps, trx: Executor, user: { id: number; name: string; email: string; locale: string }, next?: string,
): Promise<VerificationMail> {
  const token = newLinkToken();
  const now = deps.clock.now();
  await insertVerification(trx, {
    user_id: user.id, email: user.email, token_hash: hashLinkToken(token), expires_at: now + VERIFICATION_LIFETIME_MS, now,
  });
  const onward = isAppPath(next) ? `&next=${encodeURIComponent(next)}` : '';
  const link = `${deps.config.appOrigin}${VERIFY_EMAIL_PATH}?token=${token}${onward}`;
  return { to: user.email, name: user.name, locale: user.locale, link };
}

/** Sends it without waiting: a slow or failing mail server must not fail the account call (the user can resend). */
export function sendVerification(deps: AppDeps, mail: VerificationMail): void {
  const locale = mail.locale === 'es' ? 'es' : 'en';
  void deps.mailer.send({
    kind: 'verification',
    to: mail.to,
    subject: translate(locale, 'mail.verify_email_subject'),
    text: translate(locale, 'mail.verify_email_text', { name: mail.name, email: mail.to, link: mail.link }),
  }).catch((err: unknown) => deps.log.error({ err }, 'verification email failed'));
}

/**
 * Confirms the address a link was sent to: single use, within its lifetime, and only while the account still has
 * that address. A link used up earlier (a second click, a mail scanner) whose address is the account's and confirmed
 * answers `already` (its holder was mailed that address: nothing new is told). Anything else is one 400, so the
 * answer says nothing about other accounts.
 */
export async function verifyEmail(deps: AppDeps, token: string): Promise<'verified' | 'already'> {
  const invalid = () => new AppError(400, 'errors.invalid_verification_token');
  const tokenHash = hashLinkToken(token);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const verification = await findUsableVerification(trx, tokenHash, now);
    if (!verification || !(await claimVerification(trx, verification.id, now))) {
      if (await confirmedByEarlierLink(trx, tokenHash)) return 'already';
      throw invalid();
    }
    if (!(await markEmailVerified(trx, deps.sessions, verification.user_id, verification.email, now))) throw invalid();
    await useOpenVerifications(trx, verification.user_id, now);
    return 'verified';
  });
}

/** Mails a fresh link (older ones stop working); limited per account and per client address. */
export async function resendVerification(deps: AppDeps, caller: AuthUser, ip: string): Promise<void> {
  const user = await findUserById(deps.db, caller.id);
  if (!user) throw new AppError(401, 'errors.authentication');
  if (user.email_verified === 1) throw conflict('errors.email_already_verified');
  await takeActionLimits(deps.db, perAccountAndIp(VERIFICATION_RESENDS_PER_ACCOUNT, VERIFICATION_RESENDS_PER_IP, user.id, ip), deps.clock.now());
  await sendFreshVerification(deps, user);
}

/**
 * Replaces the user's open links with a new one and mails it; `alsoInTransaction` writes with it (the admin
 * console's audit entry), so both commit or neither does.
 */
export async function sendFreshVerification(
  deps: AppDeps, user: { id: number; name: string; email: string; locale: string }, alsoInTransaction?: (trx: Executor) => Promise<void>,
): Promise<void> {
  const mail = await deps.db.transaction().execute(async (trx) => {
    await useOpenVerifications(trx, user.id, deps.clock.now());
    await alsoInTransaction?.(trx);
    return prepareVerification(deps, trx, user);
  });
  sendVerification(deps, mail);
}
