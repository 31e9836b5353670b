import { adminOperationRoutes } from '../../../shared/api/routes/adminOperations';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/http/errors';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { translate } from '../../platform/i18n/messages';
import { listMailLog } from '../../platform/mail/mailLog';
import { subscriptionCounts } from '../../platform/push/pushRepository';
import { paging } from '../../platform/http/paging';
import { lastRunOf, listProcessRuns } from './processHistory';
import { effectiveSettings, readAppVersion, schemaVersion } from './siteSettings';

const iso = (ms: number) => new Date(ms).toISOString();

export function adminOperationHandlers(deps: AppDeps): RouteHandlers<typeof adminOperationRoutes> {
  return {
    adminProcesses: async ({ query }) => {
      const page = paging(query);
      const { runs, total } = await listProcessRuns(deps.db, { kind: query.kind, outcome: query.outcome, limit: page.limit, offset: page.offset });
      return { runs, total, page: page.page, per_page: page.per_page };
    },
    adminMail: async ({ query }) => {
      const page = paging(query);
      const [{ rows, total }, push, lastReminders] = await Promise.all([
        listMailLog(deps.db, { status: query.status, limit: page.limit, offset: page.offset }),
        subscriptionCounts(deps.db),
        lastRunOf(deps.db, 'notify'),
      ]);
      return {
        mails: rows.map((row) => ({
          id: row.id, to: row.to_address, kind: row.kind, subject: row.subject, status: row.status, error: row.error, created_at: iso(row.created_at),
        })),
        total, page: page.page, per_page: page.per_page, push, last_reminder_run: lastReminders,
      };
    },
    adminMailTest: async ({ req, body, user }) => {
      const to = body.to ?? user.email ?? '';
      const locale = req.locale;
      try {
        // Awaited, unlike account mails: the admin is here to see whether the mail server accepts it.
        await deps.mailer.send({
          kind: 'test', to,
          subject: translate(locale, 'mail.test_subject'),
          text: translate(locale, 'mail.test_text', { name: user.name ?? '', origin: deps.config.appOrigin }),
        });
      } catch (error) {
        req.log.warn({ err: error }, 'test email failed');
        throw new AppError(502, 'errors.mail_failed', { reason: error instanceof Error ? error.message : String(error) });
      }
      return { message: req.t('success.test_mail_sent', { email: to }) };
    },
    adminSettings: async () => ({
      app_version: readAppVersion(),
      schema_version: await schemaVersion(deps),
      database: deps.dialect,
      mail: deps.config.smtpUrl ? 'smtp' : 'outbox',
      settings: effectiveSettings(deps.config),
    }),
  };
}
