import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../../shared/domain/locales';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, conflict } from '../../platform/errors/errors';
import { translate } from '../../platform/i18n/messages';

/**
 * The console's test email goes only to the signed-in admin's own address, and only once it is verified: the
 * server's mail account never writes to an address nobody here has shown to own. Answers the address it went to;
 * the mail server's refusal is a 502 naming its reason.
 */
export async function sendTestMail(deps: AppDeps, user: AuthUser, locale: Locale, log: FastifyBaseLogger): Promise<string> {
  const account = await deps.db.selectFrom('users').select(['email', 'email_verified']).where('id', '=', user.id).executeTakeFirst();
  if (!account || account.email_verified !== 1) throw conflict('errors.test_mail_unverified');
  try {
    // Awaited, unlike account mails: the admin is here to see whether the mail server accepts it.
    await deps.mailer.send({
      kind: 'test', to: account.email,
      subject: translate(locale, 'mail.test_subject'),
      text: translate(locale, 'mail.test_text', { name: user.name ?? '', origin: deps.config.appOrigin }),
    });
  } catch (error) {
    log.warn({ err: error }, 'test email failed');
    throw new AppError(502, 'errors.mail_failed', { reason: error instanceof Error ? error.message : String(error) });
  }
  return account.email;
}
