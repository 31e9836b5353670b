import type { Clock } from '../clock';
import type { Db, Executor } from '../db/database';
import type { MailLogTable } from '../db/schema';
import type { Email, Mailer } from './mailer';

const ERROR_MAX_LENGTH = 2000;
const SUBJECT_MAX_LENGTH = 300;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH);

/**
 * Wraps the app's mailer so every email leaves a row in `mail_log`: recipient, kind, subject, time, and whether it is
 * queued (handed to the mail server, no answer yet), sent, or failed with the failure. Never the body: reset and
 * verification links carry tokens. A failure to write the row is left to the caller's logging and never stops the
 * mail nor turns a sent mail into an error.
 */
export function recordingMailer(inner: Mailer, db: Db, clock: Clock, onLogError: (error: unknown) => void): Mailer {
  const queue = async (email: Email): Promise<number | null> => {
    try {
      const row = await db.insertInto('mail_log').values({
        to_address: email.to.slice(0, 254), kind: email.kind ?? 'other', subject: email.subject.slice(0, SUBJECT_MAX_LENGTH),
        status: 'queued', error: null, created_at: clock.now(),
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    } catch (logError) {
      onLogError(logError);
      return null;
    }
  };
  const settle = async (id: number | null, error: unknown) => {
    if (id === null) return;
    try {
      await db.updateTable('mail_log')
        .set({ status: error === undefined ? 'sent' : 'failed', error: error === undefined ? null : errorText(error) })
        .where('id', '=', id).execute();
    } catch (logError) {
      onLogError(logError);
    }
  };
  return {
    async send(email) {
      // The mail leaves at once, as it did before it was logged; its row is written meanwhile and settled after both.
      const queued = queue(email);
      try {
        await inner.send(email);
      } catch (error) {
        await settle(await queued, error ?? 'unknown error');
        throw error;
      }
      await settle(await queued, undefined);
    },
  };
}

export async function listMailLog(db: Executor, filter: { status?: MailLogTable['status']; limit: number; offset: number }) {
  let query = db.selectFrom('mail_log');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
