import Type from 'typebox';
import { route } from '../route';
import { Id, Nullable, Strict, Timestamp } from '../schemas';
import { ProcessOutcome } from './adminCompetitions';

/** Every kind of process the history records. */
export const PROCESS_KINDS = ['update', 'update_all', 'update_competition', 'update_competition_points', 'notify', 'import_competition', 'backup', 'apply_results'] as const;
const ProcessKind = Type.Union(PROCESS_KINDS.map((kind) => Type.Literal(kind)));

export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
};
const PageInfo = { total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), per_page: Type.Integer({ minimum: 1 }) };

/** One run of a process, scheduled or started by an admin. */
export const ProcessRun = Type.Object({
  id: Id,
  kind: ProcessKind,
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('scheduled')]),
  competition: Nullable(Type.Object({ id: Id, name: Type.String() })),
  /** The admin who started it; null for the scheduler. */
  started_by: Nullable(Type.Object({ id: Id, name: Type.String() })),
  started_at: Timestamp,
  finished_at: Nullable(Timestamp),
  duration_ms: Nullable(Type.Integer({ minimum: 0 })),
  outcome: ProcessOutcome,
  /** What it changed; null where the kind does not do that. */
  updated_matches: Nullable(Type.Integer({ minimum: 0 })),
  recomputed_bets: Nullable(Type.Integer({ minimum: 0 })),
  notified: Nullable(Type.Integer({ minimum: 0 })),
  /** Imports: whether the competition was new. */
  created: Nullable(Type.Boolean()),
  error: Nullable(Type.String()),
  /** Results applied to league tables (apply_results): how many of the competition's leagues have it so far. */
  progress: Type.Optional(Type.Object({ leagues_done: Type.Integer({ minimum: 0 }), leagues_total: Type.Integer({ minimum: 0 }) })),
});

/** Queued: handed to the mail server, no answer yet (or the server stopped before it came). */
const MailStatus = Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')]);

export const OutboxMail = Type.Object({
  id: Id,
  to: Type.String(),
  /** verification, password_reset, invitation, reminder, contact, test, other. */
  kind: Type.String(),
  subject: Type.String(),
  status: MailStatus,
  error: Nullable(Type.String()),
  created_at: Timestamp,
});

const SiteSetting = Type.Object({
  key: Type.String(),
  /** Secrets show as "********" when set. */
  value: Nullable(Type.String()),
  secret: Type.Boolean(),
});

/** Admin console: process history, outbox and notifications, site settings. */
export const adminOperationRoutes = {
  adminProcesses: route({
    method: 'GET', path: '/admin/processes', prefixed: true, access: 'admin',
    summary: 'History of process runs, newest first, by kind and outcome; scheduled runs that changed nothing only with include_idle=true',
    query: Strict({
      kind: Type.Optional(ProcessKind), outcome: Type.Optional(ProcessOutcome),
      /** Also list scheduled runs that ended well and changed nothing (every count 0); hidden by default. */
      include_idle: Type.Optional(Type.Boolean()),
      ...Paging,
    }),
    response: Type.Object({ runs: Type.Array(ProcessRun), ...PageInfo }),
  }),
  adminMail: route({
    method: 'GET', path: '/admin/mail', prefixed: true, access: 'admin',
    summary: 'Emails queued, sent or failed, newest first (no bodies), push subscription counts and the last reminder run',
    query: Strict({ status: Type.Optional(MailStatus), ...Paging }),
    response: Type.Object({
      mails: Type.Array(OutboxMail), ...PageInfo,
      push: Type.Object({ subscriptions: Type.Integer({ minimum: 0 }), users: Type.Integer({ minimum: 0 }) }),
      last_reminder_run: Nullable(ProcessRun),
    }),
  }),
  adminMailTest: route({
    method: 'POST', path: '/admin/mail/test', prefixed: true, access: 'admin', process: 'mail_test',
    errors: [409, 502], rateLimit: { max: 10, timeWindow: 60_000 },
    summary: "Send a test email to the signed-in admin's own address (409 until it is verified) to check the mail settings",
    body: Strict({}),
    response: Type.Object({ message: Type.String() }),
  }),
  adminSettings: route({
    method: 'GET', path: '/admin/settings', prefixed: true, access: 'admin',
    summary: 'Effective configuration (secrets masked), app version and database schema version',
    response: Type.Object({
      app_version: Type.String(),
      /** The last migration applied. */
      schema_version: Nullable(Type.String()),
      database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
      mail: Type.Union([Type.Literal('smtp'), Type.Literal('outbox')]),
      settings: Type.Array(SiteSetting),
    }),
  }),
} as const;
