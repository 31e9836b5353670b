import { adminOperationRoutes } from '../../../shared/api/routes/adminOperations';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { listMailLog } from '../../platform/mail/mailLog';
import { subscriptionCounts } from '../../platform/push/pushRepository';
import { paging } from '../../platform/http/paging';
import { runInWords } from './errorsInWords';
import { lastRunOf, listProcessRuns } from './processHistory';
import { effectiveSettings, readAppVersion, schemaVersion } from './siteSettings';
import { sendTestMail } from './testMail';

const iso = (ms: number) => new Date(ms).toISOString();

export function adminOperationHandlers(deps: AppDeps): RouteHandlers<typeof adminOperationRoutes> {
  return {
    adminProcesses: async ({ req, query }) => {
      const page = paging(query);
      const { runs, total } = await listProcessRuns(deps.db, { kind: query.kind, outcome: query.outcome, includeIdle: query.include_idle, limit: page.limit, offset: page.offset });
      return { runs: runs.map((run) => runInWords(run, req.t)), total, page: page.page, per_page: page.per_page };
    },
    adminMail: async ({ req, query }) => {
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
        total, page: page.page, per_page: page.per_page, push, last_reminder_run: lastReminders && runInWords(lastReminders, req.t),
      };
    },
    adminMailTest: async ({ req, user }) => {
      const to = await sendTestMail(deps, user, req.locale, req.log);
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
