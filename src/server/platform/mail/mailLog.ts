import type { Clock } from '../clock';
import type { Db, Executor } from '../db/database';
import type { Email, Mailer } from './mailer';

const ERROR_MAX_LENGTH = 2000;
const SUBJECT_MAX_LENGTH = 300;

/**
 * Wraps the app's mailer so every email sent or failed leaves a row in `mail_log`: recipient, kind,
 * subject, time and the failure. Never the body: reset and verification links carry tokens. The row is written
 * after the attempt; a failure to write it is left to the caller's logging and never turns a sent mail into an error.
 */
export function recordingMailer(inner: Mailer, db: Db, clock: Clock, onLogError: (error: unknown) => void): Mailer {
  const record = async (email: Email, error: unknown) => {
    try {
      await db.insertInto('mail_log').values({
        to_address: email.to.slice(0, 254), kind: email.kind ?? 'other', subject: email.subject.slice(0, SUBJECT_MAX_LENGTH),
        status: error === undefined ? 'sent' : 'failed',
        error: error === undefined ? null : (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX_LENGTH),
        created_at: clock.now(),
      }).execute();
    } catch (logError) {
      onLogError(logError);
    }
  };
  return {
    async send(email) {
      try {
        await inner.send(email);
      } catch (error) {
        await record(email, error ?? 'unknown error');
        throw error;
      }
      await record(email, undefined);
    },
  };
}

export async function listMailLog(db: Executor, filter: { status?: 'sent' | 'failed'; limit: number; offset: number }) {
  let query = db.selectFrom('mail_log');
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
