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
import { clientAddress, fastifyTrustProxy } from './platform/http/clientAddress';
import { installRequestContext } from './platform/http/requestContext';
import { installInputGuards } from './platform/http/inputGuards';
import { openapiInfo, pathsInTableOrder } from './platform/http/openapiInfo';
import { routeTable } from '../shared/api/routeTable';
import { features, userDataSections } from './features';
import { answerUnsupportedMethod, frameworkErrors, trackRouteMethods } from './platform/http/routingErrors';
import { validatorCompiler } from './platform/http/validation';
import { outboxMailer, smtpMailer, type Mailer } from './platform/mail/mailer';
import { loadJwtSecret } from './platform/sessions/tokens';
import { recordingMailer } from './platform/mail/mailLog';
import { keyLegacyLogs } from './domain/leagueLog/leagueLogService';
import { loadLogKey } from './domain/leagueLog/logKey';
import { createLiveBus } from './platform/live/liveBus';
import { listenForRevocations } from './platform/sessions/revocations';
import { openReadReplica } from './platform/db/readReplica';
import { AppState, withAppState } from './platform/appState';
import { SessionCache } from './platform/sessions/sessionCache';
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

interface BuildOptions {
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
  for (const feature of features) await feature.prepare?.(deps);

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

  // Routes, feature by feature.
  for (const feature of features) feature.register?.(app, deps, { userDataSections });

  app.get(`${API_BASE}/openapi.json`, { schema: { hide: true } }, async () => pathsInTableOrder(app.swagger(), routeTable));
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
