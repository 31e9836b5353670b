import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { Clock } from '../clock';
import { maskTokens } from '../http/maskTokens';

/** What an email is for, as the admin console's outbox shows it. */
export type MailKind = 'verification' | 'password_reset' | 'invitation' | 'reminder' | 'contact' | 'test' | 'api_token' | 'other';

/** `html`, when given, is the same message as `text` with every user-typed value escaped. */
export interface Email { to: string; subject: string; text: string; html?: string; kind?: MailKind }
export interface Mailer { send(email: Email): Promise<void> }

/**
 * How long each SMTP step may take: nodemailer's own defaults wait up to 2 minutes to connect and 10 on a silent
 * socket, which would hold the admin console's test email (and every send) that long on a wrong host or port.
 * Parameters of SMTP_URL's query string (?greetingTimeout=...) override them.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Real SMTP when SMTP_URL is set. */
export function smtpMailer(url: string, from: string, timeouts: typeof SMTP_TIMEOUTS = SMTP_TIMEOUTS): Mailer {
  const transport: Transporter = nodemailer.createTransport({ url, ...timeouts });
  return { async send(email) { await transport.sendMail({ from, ...email }); } };
}

/** Development default: the email goes to the log and to the `mail_outbox` table, nothing leaves the machine. */
export function outboxMailer(db: Db, clock: Clock, log: FastifyBaseLogger): Mailer {
  return {
    async send(email) {
      // Reset and verification links are masked at info level; the full text is in mail_outbox (and at debug level).
      log.info({ to: email.to, subject: email.subject }, `email (development outbox):\n${maskTokens(email.text)}`);
      log.debug({ to: email.to }, `email (development outbox, unmasked):\n${email.text}`);
      await db.insertInto('mail_outbox')
        .values({ to_address: email.to, subject: email.subject, text_body: email.text, created_at: clock.now() })
        .execute();
    },
  };
}
