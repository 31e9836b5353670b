import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';

export interface Email { to: string; subject: string; text: string }
export interface Mailer { send(email: Email): Promise<void> }

/** Real SMTP when SMTP_URL is set. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return { async send(email) { await transport.sendMail({ from, ...email }); } };
}

/** Development default: the email goes to the log and to the `mail_outbox` table, nothing leaves the machine. */
export function outboxMailer(db: Db, clock: Clock, log: FastifyBaseLogger): Mailer {
  return {
    async send(email) {
      log.info({ to: email.to, subject: email.subject }, `email (development outbox):\n${email.text}`);
      await db.insertInto('mail_outbox')
        .values({ to_address: email.to, subject: email.subject, text_body: email.text, created_at: clock.now() })
        .execute();
    },
  };
}
