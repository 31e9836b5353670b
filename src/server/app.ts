import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchemaCompiler, type FastifyServerOptions } from 'fastify';
import helmet from './platform/http/securityHeaders'; // @fastify/helmet's headers, built once instead of per request
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { API_BASE } from '../shared/api/route';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import { databaseOptions, migrate, openDatabase, type DatabaseHandle } from './platform/db/database';
import type { AppDeps } from './platform/deps';
import { installErrorHandler } from './platform/http/errorHandler';
import { AppError } from './platform/errors/errors';
import { registerRoutes } from './platform/http/registerRoutes';
import { clientAddress, fastifyTrustProxy } from './platform/http/clientAddress';
import { installRequestContext } from './platform/http/requestContext';
import { installInputGuards } from './platform/http/inputGuards';
import { openapiInfo } from './platform/http/openapiInfo';
import { answerUnsupportedMethod, frameworkErrors, trackRouteMethods } from './platform/http/routingErrors';
import { validatorCompiler } from './platform/http/validation';
import { outboxMailer, smtpMailer, type Mailer } from './platform/mail/mailer';
import { loadJwtSecret } from './platform/sessions/tokens';
import { userRoutes } from '../shared/api/routes/users';
import { accountRoutes } from '../shared/api/routes/accounts';
import { competitionRoutes } from '../shared/api/routes/competitions';
import { referenceRoutes } from '../shared/api/routes/reference';
import { leagueRoutes } from '../shared/api/routes/leagues';
import { invitationRoutes } from '../shared/api/routes/invitations';
import { invitationPreviewRoutes } from '../shared/api/routes/invitationPreview';
import { resultBetRoutes } from '../shared/api/routes/resultBets';
import { tableRoutes } from '../shared/api/routes/tables';
import { titleRaceRoutes } from '../shared/api/routes/titleRace';
import { alertRoutes } from '../shared/api/routes/alerts';
import { roundBetRoutes } from '../shared/api/routes/roundBets';
import { personBetRoutes } from '../shared/api/routes/personBets';
import { updateRoutes } from '../shared/api/routes/updates';
import { pushRoutes } from '../shared/api/routes/push';
import { bonusQuestionRoutes } from '../shared/api/routes/bonusQuestions';
import { leagueLogRoutes } from '../shared/api/routes/leagueLog';
import { lateEntryRoutes } from '../shared/api/routes/lateEntry';
import { apiTokenRoutes } from '../shared/api/routes/apiTokens';
import { apiTokenHandlers } from './features/apiTokens/apiTokensRoutes';
import { userHandlers } from './features/users/usersRoutes';
import { accountHandlers } from './features/accounts/accountsRoutes';
import { competitionHandlers } from './features/reference/competitionsRoutes';
import { referenceHandlers } from './features/reference/referenceRoutes';
import { leagueHandlers } from './features/leagues/leaguesRoutes';
import { invitationHandlers } from './features/invitations/invitationsRoutes';
import { invitationPreviewHandlers } from './features/invitations/invitationPreviewRoutes';
import { resultBetHandlers } from './features/resultBets/resultBetsRoutes';
import { tableHandlers } from './features/tables/tablesRoutes';
import { titleRaceHandlers } from './features/titleRace/titleRaceRoutes';
import { alertHandlers } from './features/alerts/alertsRoutes';
import { roundBetHandlers } from './features/picks/roundBetsRoutes';
import { personBetHandlers } from './features/picks/personBetsRoutes';
import { updateHandlers } from './features/updates/updatesRoutes';
import { pushHandlers } from './features/push/pushRoutes';
import { adminCompetitionRoutes } from '../shared/api/routes/adminCompetitions';
import { adminOperationRoutes } from '../shared/api/routes/adminOperations';
import { adminUserRoutes } from '../shared/api/routes/adminUsers';
import { adminCompetitionHandlers } from './features/admin/adminCompetitionsRoutes';
import { adminOperationHandlers } from './features/admin/adminOperationsRoutes';
import { adminUserHandlers } from './features/accounts/adminUsersRoutes';
import { recordingMailer } from './platform/mail/mailLog';
import { bonusQuestionHandlers } from './features/bonusQuestions/bonusQuestionsRoutes';
import { keyLegacyLogs } from './domain/leagueLog/leagueLogService';
import { loadLogKey } from './domain/leagueLog/logKey';
import { leagueLogHandlers } from './features/leagueLog/leagueLogRoutes';
import { lateEntryHandlers } from './features/resultBets/lateEntryRoutes';
import { createLiveBus } from './platform/live/liveBus';
import { listenForRevocations } from './platform/sessions/revocations';
import { openReadReplica } from './platform/db/readReplica';
import { AppState, withAppState } from './platform/appState';
import { SessionCache } from './platform/sessions/sessionCache';
import { installLiveRoutes } from './features/live/liveRoutes';
import { calendarHandlers, registerCalendarFeed } from './features/calendar/calendarRoutes';
import { nudgeHandlers } from './features/nudges/nudgesRoutes';
import { leagueBoardHandlers } from './features/leagueBoard/leagueBoardRoutes';
import { headToHeadHandlers } from './features/headToHead/headToHeadRoutes';
import { calendarRoutes } from '../shared/api/routes/calendar';
import { nudgeRoutes } from '../shared/api/routes/nudges';
import { leagueBoardRoutes } from '../shared/api/routes/leagueBoard';
import { webhookRoutes } from '../shared/api/routes/webhooks';
import { webhookHandlers } from './features/webhooks/webhooksRoutes';
import { overallRankingRoutes } from '../shared/api/routes/overallRanking';
import { overallRankingHandlers } from './features/overallRanking/overallRankingRoutes';
import { headToHeadRoutes } from '../shared/api/routes/headToHead';
import { betDistributionRoutes } from '../shared/api/routes/betDistribution';
import { betDistributionHandlers } from './features/betDistribution/distributionRoutes';
import { fairOddsRoutes } from '../shared/api/routes/fairOdds';
import { fairOddsHandlers } from './features/fairOdds/fairOddsRoutes';
import { dataExportRoutes } from '../shared/api/routes/dataExport';
import { dataExportHandlers } from './features/dataExport/dataExportRoutes';
import { userDataSections } from './userDataSections';
import { seedDemoIfEmpty } from './features/demo/seedDemo';
import { installHttpObservation, quietRequestLogs } from './platform/observability/httpObservation';
import { loggerOptions } from './platform/observability/logger';
import { createMetrics } from './platform/observability/metrics';
import { installLifecycle, type Lifecycle } from './platform/observability/lifecycle';
import { registerOperationsRoutes } from './platform/observability/operationsRoutes';
import { registerOverloadProtection } from './platform/observability/overload';
import { stopResultJobs } from './domain/resultJobs/resultJobWorker';
import { rankStandingsOnce } from './domain/rescoring/recompute';

/** What Fastify compiles the routes' schemas with: request validators and response serializers (see BuildOptions). */
export interface SchemaCompilers {
  validator: FastifySchemaCompiler<object>;
  buildSerializer: NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']>;
}

export interface BuildOptions {
  config: Config;
  /** An open database (tests); otherwise one is opened from config.databaseUrl and closed with the app. */
  database?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  logger?: boolean | object;
  /**
   * Compiling the routes' schemas (an Ajv validator per request part, a fast-json-stringify serializer per response)
   * is most of what building the app costs: tests, which build one per test, pass compilers that reuse what the
   * previous builds compiled (testing/sharedCompilers.ts). A server builds its app once, with the plain ones.
   */
  compilers?: SchemaCompilers;
}

export interface BuiltApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** main.ts marks the app as shutting down (readiness fails) before closing it. */
  lifecycle: Lifecycle;
}

/** Builds the whole app: used by main.ts to listen and by tests through `app.inject`. */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: quietRequestLogs(),
    bodyLimit: 256 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    ...(options.compilers && { schemaController: { compilersFactory: { buildSerializer: options.compilers.buildSerializer } } }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(options.compilers?.validator ?? validatorCompiler);

  const database = options.database ?? openDatabase(config.databaseUrl, databaseOptions(config));
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrate(database);
  const clock = options.clock ?? systemClock;
  const state = new AppState();
  const db = withAppState(database.db, state);
  const metrics = createMetrics({ poolStats: database.poolStats });
  const deps: AppDeps = {
    config,
    db,
    dialect: database.dialect,
    clock,
    // Every mail sent or failed is listed in the admin console (mail_log, without bodies).
    mailer: recordingMailer(
      options.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, clock, app.log)),
      database.db, clock, (err) => app.log.error({ err }, 'could not record an email in mail_log'),
    ),
    jwtSecret: await loadJwtSecret(database.db, config.jwtSecret),
    logKey: loadLogKey(config, { create: true }),
    log: app.log,
    metrics,
    replica: openReadReplica(config.databaseReplicaUrl, db, { poolSize: config.databasePoolSize, log: app.log, served: (outcome) => metrics.replicaRead(outcome) }),
    live: createLiveBus(database, clock, app.log),
    sessions: new SessionCache(),
    state,
  };
  // Before anything closes: the background result job stops after its batch in progress and releases its job.
  app.addHook('preClose', () => stopResultJobs(deps));
  app.addHook('onClose', () => deps.live.close());
  app.addHook('onClose', () => deps.replica.close());
  const revocations = await listenForRevocations(database, deps.sessions, app.log);
  app.addHook('onClose', () => revocations.stop());
  const lifecycle = installLifecycle(app);
  // Logs written before the log was keyed get a keyed entry on top, so every chain ends keyed.
  await keyLegacyLogs(deps.db, { now: clock.now(), key: deps.logKey });
  // Standings stored before tables were kept ranked get their ranked rows, once.
  await rankStandingsOnce(deps.db);
  if (config.seedDemo) await seedDemoIfEmpty(deps);

  // External plugins. Load shedding first: a refused request should cost nothing else.
  await registerOverloadProtection(app, config.overload);
  await app.register(helmet, {
    // JSON answers get the API set (a CSP that loads nothing, no framing, nosniff); pages and files helmet's.
    apiPrefix: '/api/',
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"], // emotion injects <style> tags
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
  });
  // Every per-address limit counts an IPv6 client by its /64.
  await app.register(rateLimit, { global: false, keyGenerator: clientAddress });
  await app.register(swagger, { openapi: openapiInfo });

  // App plugins.
  installErrorHandler(app);
  installRequestContext(app, deps);
  installHttpObservation(app, deps.metrics);
  installInputGuards(app);
  const allowedMethods = trackRouteMethods(app);

  // Routes, area by area.
  registerRoutes(app, userRoutes, userHandlers(deps));
  registerRoutes(app, accountRoutes, accountHandlers(deps, userDataSections));
  registerRoutes(app, competitionRoutes, competitionHandlers(deps));
  registerRoutes(app, referenceRoutes, referenceHandlers(deps));
  registerRoutes(app, leagueRoutes, leagueHandlers(deps));
  registerRoutes(app, invitationRoutes, invitationHandlers(deps));
  registerRoutes(app, invitationPreviewRoutes, invitationPreviewHandlers(deps));
  registerRoutes(app, resultBetRoutes, resultBetHandlers(deps));
  registerRoutes(app, tableRoutes, tableHandlers(deps));
  registerRoutes(app, titleRaceRoutes, titleRaceHandlers(deps));
  registerRoutes(app, alertRoutes, alertHandlers(deps));
  registerRoutes(app, roundBetRoutes, roundBetHandlers(deps));
  registerRoutes(app, personBetRoutes, personBetHandlers(deps));
  registerRoutes(app, updateRoutes, updateHandlers(deps));
  registerRoutes(app, pushRoutes, pushHandlers(deps));
  registerRoutes(app, adminCompetitionRoutes, adminCompetitionHandlers(deps));
  registerRoutes(app, adminOperationRoutes, adminOperationHandlers(deps));
  registerRoutes(app, apiTokenRoutes, apiTokenHandlers(deps));
  registerRoutes(app, adminUserRoutes, adminUserHandlers(deps));
  registerRoutes(app, bonusQuestionRoutes, bonusQuestionHandlers(deps));
  registerRoutes(app, leagueLogRoutes, leagueLogHandlers(deps));
  registerRoutes(app, lateEntryRoutes, lateEntryHandlers(deps));
  installLiveRoutes(app, deps);
  registerRoutes(app, calendarRoutes, calendarHandlers(deps));
  registerRoutes(app, betDistributionRoutes, betDistributionHandlers(deps));
  registerRoutes(app, fairOddsRoutes, fairOddsHandlers(deps));
  registerCalendarFeed(app, deps);
  registerRoutes(app, nudgeRoutes, nudgeHandlers(deps));
  registerRoutes(app, leagueBoardRoutes, leagueBoardHandlers(deps));
  registerRoutes(app, headToHeadRoutes, headToHeadHandlers(deps));
  registerRoutes(app, dataExportRoutes, dataExportHandlers(deps, userDataSections));
  registerRoutes(app, webhookRoutes, webhookHandlers(deps));
  registerRoutes(app, overallRankingRoutes, overallRankingHandlers(deps));

  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  registerOperationsRoutes(app, { database, metrics: deps.metrics, metricsToken: config.metricsToken, metricsOpenTo: config.metricsOpenTo, lifecycle });
  serveClient(app, config.clientDir, allowedMethods);
  await app.ready();
  return { app, deps, lifecycle };
}

/** The built SPA with history fallback: any GET outside /api answers index.html. */
function serveClient(app: FastifyInstance, clientDir: string, allowedMethods: (url: string) => string[] | null): void {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    // preCompressed: the build writes .br and .gz copies of scripts and styles (webpack.config.js), sent to
    // browsers that accept them.
    app.register(fastifyStatic, { root: clientDir, wildcard: false, index: false, maxAge: '1y', immutable: true, preCompressed: true });
  }
  app.setNotFoundHandler((req, reply) => {
    if (answerUnsupportedMethod(allowedMethods, req, reply)) return reply;
    if (req.method === 'GET' && !req.url.startsWith('/api/') && hasClient) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir, { maxAge: 0, immutable: false });
    }
    throw new AppError(404, req.url.startsWith('/api/') ? 'errors.route_not_found' : 'errors.not_found');
  });
}
