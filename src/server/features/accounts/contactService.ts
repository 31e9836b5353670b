import type { AppDeps } from '../../platform/deps';
import { translate } from '../../platform/i18n/messages';
import { adminRecipients } from './accountsRepository';
import { checkEmail, checkName } from './accountRules';
import { FieldErrors } from '../../platform/http/fieldErrors';

/** The contact form: the message is emailed to every global admin, each in their own language. */
export async function sendContactMessage(deps: AppDeps, input: { name: string; email: string; message: string }): Promise<void> {
  const errors = new FieldErrors();
  const name = checkName(errors, input.name);
  const email = checkEmail(errors, input.email);
  const message = input.message.trim();
  if (!message) errors.add('message', 'validation.blank');
  errors.throwIfAny();

  const admins = await adminRecipients(deps.db);
  if (admins.length === 0) deps.log.warn({ from: email }, 'contact message with no admin to receive it');
  await Promise.all(admins.map(async (admin) => {
    const locale = admin.locale === 'es' ? 'es' : 'en';
    try {
      await deps.mailer.send({
        kind: 'contact',
        to: admin.email,
        subject: translate(locale, 'mail.contact_subject', { name }),
        text: translate(locale, 'mail.contact_text', { name, email, message }),
      });
    } catch (err) {
      deps.log.error({ err, to: admin.email }, 'contact email failed');
    }
  }));
}
