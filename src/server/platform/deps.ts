import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Clock } from './clock';
import type { Db } from './db/database';
import type { Dialect } from './db/migrations/index';
import type { Mailer } from './mail/mailer';
import type { LiveBus } from './live/liveBus';
import type { AppMetrics } from './observability/metrics';
import type { AppState } from './appState';
import type { SessionCache } from './sessions/sessionCache';
import type { ReadReplica } from './db/readReplica';

/** What the features need from the outside world; built once by app.ts, replaced piecewise by tests. */
export interface AppDeps {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  jwtSecret: Uint8Array;
  /** The league log's HMAC key, kept outside the database (domain/leagueLog/logKey.ts). */
  logKey: Uint8Array;
  log: FastifyBaseLogger;
  metrics: AppMetrics;
  /** Reads a streaming replica may serve (DATABASE_REPLICA_URL); the primary when there is none. */
  replica: ReadReplica;
  /** Live events to every process's streams. */
  live: LiveBus;
  /** Signed-in callers remembered by this app; every writer of sessions and users rows forgets here. */
  sessions: SessionCache;
  /** This app's other caches, by slot. */
  state: AppState;
  /** TLS agent for the push services: Node's global HTTPS agent when absent (tests trust a local receiver through one). */
  pushAgent?: Agent;
}
