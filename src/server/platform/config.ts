import { dirname, join, resolve } from 'node:path';
import { parseTrustProxy, type TrustProxy } from './http/clientAddress';

/**
 * Live streams: per-process caps (per user, client address, league, in all), stream opens allowed per minute (per
 * user, per client address), heartbeat period, lifetime (clients reconnect), bet-window checks.
 */
export interface LiveSettings {
  maxStreamsPerUser: number; maxStreamsPerAddress: number; maxStreamsPerLeague: number; maxStreams: number;
  opensPerMinutePerUser: number; opensPerMinutePerAddress: number;
  heartbeatMs: number; maxStreamMs: number; deadlineCheckMs: number;
}

/** Settings from the environment, validated at boot: a bad value stops the server with a clear message. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL: connections this process keeps open at most (each process of a deployment has its own pool). */
  databasePoolSize: number;
  /**
   * PostgreSQL: named prepared statements on the pool's connections. Off behind a pooler in transaction mode
   * (PgBouncer before 1.21), where a statement prepared on one server connection is missing on the next.
   */
  databasePreparedStatements: boolean;
  /**
   * PostgreSQL: the server itself, for what must stay on one connection (LISTEN); DATABASE_URL unless a pooler in
   * transaction mode stands between.
   */
  databaseDirectUrl: string;
  /** PostgreSQL: a streaming replica for reads that may lag (platform/db/readReplica.ts); none when null. */
  databaseReplicaUrl: string | null;
  appOrigin: string;
  /** Origins allowed to appear in password-reset links (APP_ORIGIN is always allowed). */
  allowedOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  seedDemo: boolean;
  autoUpdateMinutes: number;
  footballDataUrl: string;
  footballDataToken: string | null;
  /** A provider request that takes longer fails the process (changing nothing). */
  footballDataTimeoutMs: number;
  /** The free plan of football-data.org allows 10 requests a minute. */
  footballDataRequestsPerMinute: number;
  /** Minutes between scheduler runs of `notify` (reminders), when the scheduler runs. */
  notifyEveryMinutes: number;
  /** Minutes between the scheduler's full syncs (`update_all`: new fixtures, knockout teams, scorers). */
  fullSyncEveryMinutes: number;
  /** Contact of the push sender (VAPID `sub`): a mailto: or https: URL. */
  vapidSubject: string;
  /**
   * Hosts a Web Push subscription may point at: browsers' push services only, so a subscription can never aim the
   * server's requests at its own network. An entry starting with "." matches every subdomain ("*." is written so).
   */
  pushAllowedHosts: string[];
  /** A push delivery still unanswered after this long is abandoned (the subscription is kept). */
  pushTimeoutMs: number;
  /**
   * Hosts an openfootball URL (console, CLI, scheduled re-syncs) may reach although they resolve to the server's own
   * network (loopback, private, link-local): none by default, so an import cannot probe internal services. Same
   * syntax as pushAllowedHosts.
   */
  importAllowedHosts: string[];
  /** A download of an openfootball URL (redirects included) still unfinished after this long fails the import. */
  importTimeoutMs: number;
  /** Hosts a league's webhook may reach although they are on the server's own network (as importAllowedHosts). */
  webhookAllowedHosts: string[];
  /** How often the outbox of league webhooks is sent (seconds; 0: never, the deliveries wait in the database). */
  webhookDeliverySeconds: number;
  clientDir: string;
  logLevel: string;
  /**
   * Which X-Forwarded-For entries are believed (only behind proxies you run: per-address limits would be bypassable
   * otherwise): none, the last N hops, or those added by the listed proxy addresses and ranges.
   */
  trustProxy: TrustProxy;
  /** Session lifetime in days. */
  sessionDays: number;
  /**
   * How long a process may reuse a session check (0 = read the session on every request): a session revoked by
   * another process stops working within this time (sessionCache.ts).
   */
  sessionCacheSeconds: number;
  /** Cost of scrypt (N = 2^cost); lowered only in tests. */
  scryptCost: number;
  /** JWT_SECRET: the token-signing key, instead of one generated and kept in the database (sessions/tokens.ts). */
  jwtSecret: string | null;
  /** Bearer token GET /metrics requires on the app's port. */
  metricsToken: string | null;
  /**
   * Whom GET /metrics answers on the app's port without METRICS_TOKEN (METRICS_OPEN): `loopback`, callers on this
   * machine only (a loopback socket and no forwarding header: a proxy's request is not one); `anyone`; or `nobody`
   * (the route is not there). By default loopback, except in production or with METRICS_PORT (nobody).
   */
  metricsOpenTo: MetricsOpenTo;
  /** METRICS_PORT: a separate listener for GET /metrics (no token), on metricsHost. */
  metricsPort: number | null;
  metricsHost: string;
  /** After SIGTERM, in-flight requests get this long to finish before their connections are cut. */
  shutdownTimeoutMs: number;
  /** Live streams: caps and open limits (streamCaps.ts, liveRoutes.ts), heartbeat, a stream's lifetime, deadline checks. */
  live: LiveSettings;
  /** Load shedding: past any of these limits new requests get 503 with Retry-After instead of queueing. */
  overload: OverloadLimits;
  /** Worker processes of `npm start` (node:cluster); PostgreSQL only, SQLite always runs one. */
  webConcurrency: number;
  /**
   * Where result jobs run (RESULT_JOBS): `runner`, a process `npm start` starts beside the server, which serves no
   * requests; `external`, `porra worker` processes started by the operator; `inline`, the serving process itself
   * (tests and benches).
   */
  resultJobs: ResultJobsMode;
  /** Hours between the scheduler's SQLite backups (0 = none). */
  backupEveryHours: number;
  /** Backups kept in backupDir (older ones are removed after each backup). */
  backupKeep: number;
  /** Where backups go: BACKUP_DIR, or a `backups` folder beside the SQLite file. */
  backupDir: string;
  /** LOG_HMAC_KEY: the secret the league log's hashes are keyed with (null: the key file holds it). */
  logHmacKey: string | null;
  /** Where the log key is kept when LOG_HMAC_KEY is unset (created 0600 on first start): LOG_HMAC_KEY_FILE, or beside the SQLite file. */
  logKeyFile: string;
}

export type ResultJobsMode = 'runner' | 'external' | 'inline';
const RESULT_JOBS_MODES: readonly ResultJobsMode[] = ['runner', 'external', 'inline'];

function resultJobsMode(raw: string | undefined): ResultJobsMode {
  const value = raw?.trim() || 'runner';
  if (!(RESULT_JOBS_MODES as readonly string[]).includes(value)) {
    throw new ConfigError(`RESULT_JOBS must be runner, external or inline (got "${raw}")`);
  }
  return value as ResultJobsMode;
}

/** @fastify/under-pressure's limits; 0 turns a limit off. */
export interface OverloadLimits {
  maxEventLoopDelayMs: number;
  /** Share of time the event loop is busy, 0..1. */
  maxEventLoopUtilization: number;
  maxHeapUsedMb: number;
  maxRssMb: number;
  retryAfterSeconds: number;
  /** How often the limits are sampled (tests shorten it). */
  sampleIntervalMs: number;
}

export class ConfigError extends Error {}

/** A decimal number between min and max (e.g. a share such as 0.98). */
function decimal(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new ConfigError(`${name} must be a number between ${min} and ${max} (got "${raw}")`);
  return value;
}

export type MetricsOpenTo = 'loopback' | 'anyone' | 'nobody';

function metricsOpenTo(raw: string | undefined, fallback: MetricsOpenTo): MetricsOpenTo {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'loopback' || raw === 'anyone' || raw === 'nobody') return raw;
  throw new ConfigError(`METRICS_OPEN must be loopback, anyone or nobody (got "${raw}")`);
}

function metricsToken(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 16 || /\s/.test(raw)) throw new ConfigError('METRICS_TOKEN must be at least 16 characters without spaces');
  return raw;
}

function trustProxy(raw: string | undefined): TrustProxy {
  const parsed = parseTrustProxy(raw ?? '');
  if (parsed === null) {
    throw new ConfigError(`TRUST_PROXY must be false, a number of proxy hops (true means 1), or a comma-separated list of proxy addresses and CIDR ranges (got "${raw}")`);
  }
  return parsed;
}

function jwtSecret(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 32 || /\s/.test(raw)) throw new ConfigError('JWT_SECRET must be at least 32 characters without spaces (for example: openssl rand -base64 48)');
  return raw;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}")`);
}

function origin(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) origin such as http://localhost:3000 (got "${raw}")`);
  }
}

/** "Porra <no-reply@porra.local>" -> "no-reply@porra.local". */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/**
 * The push services of Chrome/Android (FCM), Firefox (Mozilla autopush), Edge/Windows (WNS: wns2-*.notify.windows.com
 * and others) and Safari/Apple (web.push.apple.com, under push.apple.com).
 */
export const DEFAULT_PUSH_ALLOWED_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.notify.windows.com', '*.push.apple.com'];

/** "a.b" exact, "*.a.b" or ".a.b" every subdomain of a.b (kept as ".a.b"); lowercased. */
function hostList(name: string, raw: string | undefined): string[] {
  const entries = (raw ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  return entries.map((entry) => {
    if (!/^(\*\.|\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(entry)) {
      throw new ConfigError(`${name} must be a comma-separated list of host names, "*.example.com" for subdomains (got "${entry}")`);
    }
    return entry.replace(/^\*\./, '.');
  });
}

function pushAllowedHosts(raw: string | undefined): string[] {
  const hosts = hostList('PUSH_ALLOWED_HOSTS', raw);
  return hosts.length > 0 ? hosts : hostList('PUSH_ALLOWED_HOSTS', DEFAULT_PUSH_ALLOWED_HOSTS.join(','));
}

/** A `backups` folder beside the SQLite file (data/backups for in-memory and PostgreSQL databases, which never use it). */
function defaultBackupDir(databaseUrl: string): string {
  const sqlitePath = /^sqlite:(?!:memory:$)(.+)$/.exec(databaseUrl)?.[1];
  return join(sqlitePath ? dirname(sqlitePath) : 'data', 'backups');
}

function logHmacKey(raw: string | undefined): string | null {
  if (!raw) return null;
  if (raw.length < 32 || /\s/.test(raw)) throw new ConfigError('LOG_HMAC_KEY must be at least 32 characters without spaces');
  return raw;
}

/** Scheduled backups copy the SQLite file; PostgreSQL is backed up with pg_dump, so asking for them there is a mistake. */
function backupEveryHours(env: NodeJS.ProcessEnv, databaseUrl: string): number {
  const hours = int(env, 'BACKUP_EVERY_HOURS', 0, 0, 24 * 365);
  if (hours > 0 && !databaseUrl.startsWith('sqlite:')) {
    throw new ConfigError('BACKUP_EVERY_HOURS only applies to SQLite; back up PostgreSQL with pg_dump (see README, Backups)');
  }
  return hours;
}

function vapidSubject(raw: string): string {
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(raw)) throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: URL (got "${raw}")`);
  return raw;
}

function directUrl(env: NodeJS.ProcessEnv, databaseUrl: string): string {
  const url = env.DATABASE_DIRECT_URL || databaseUrl;
  if (url !== databaseUrl && !(/^postgres(ql)?:\/\//.test(url) && /^postgres(ql)?:\/\//.test(databaseUrl))) {
    throw new ConfigError('DATABASE_DIRECT_URL is for PostgreSQL: both it and DATABASE_URL must start with postgres://');
  }
  return url;
}

function replicaUrl(env: NodeJS.ProcessEnv, databaseUrl: string): string | null {
  const url = env.DATABASE_REPLICA_URL || null;
  if (url && !(/^postgres(ql)?:\/\//.test(url) && /^postgres(ql)?:\/\//.test(databaseUrl))) {
    throw new ConfigError('DATABASE_REPLICA_URL is for PostgreSQL: both it and DATABASE_URL must start with postgres://');
  }
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env, 'PORT', 3000, 1, 65535);
  const databaseUrl = env.DATABASE_URL || 'sqlite:data/porra.sqlite';
  if (!/^(postgres(ql)?:\/\/|sqlite:)/.test(databaseUrl)) {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or sqlite: (got "${databaseUrl}")`);
  }
  const appOrigin = origin('APP_ORIGIN', env.APP_ORIGIN || `http://localhost:${port}`);
  const allowedOrigins = [appOrigin, ...(env.ALLOWED_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean)
    .map((o) => origin('ALLOWED_ORIGINS', o))];
  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError(`SMTP_URL must start with smtp:// or smtps:// (got "${smtpUrl}")`);
  const mailFrom = env.MAIL_FROM || 'Porra <no-reply@porra.local>';
  const metricsPort = int(env, 'METRICS_PORT', 0, 0, 65535) || null;
  if (metricsPort === port) throw new ConfigError(`METRICS_PORT must differ from PORT (both ${port})`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 1000),
    databasePreparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', true),
    databaseDirectUrl: directUrl(env, databaseUrl),
    databaseReplicaUrl: replicaUrl(env, databaseUrl),
    appOrigin,
    allowedOrigins,
    smtpUrl,
    mailFrom,
    // A production start never creates demo accounts by accident: there only SEED_DEMO=true seeds.
    seedDemo: bool(env, 'SEED_DEMO', env.NODE_ENV !== 'production'),
    // The demo keeps revealing results only while the scheduler runs: on by default, 0 turns it off.
    autoUpdateMinutes: int(env, 'AUTO_UPDATE_MINUTES', 1, 0, 24 * 60),
    footballDataUrl: env.FOOTBALL_DATA_URL || 'https://api.football-data.org/v4',
    footballDataToken: env.FOOTBALL_DATA_TOKEN || null,
    footballDataTimeoutMs: int(env, 'FOOTBALL_DATA_TIMEOUT_MS', 15_000, 100, 120_000),
    footballDataRequestsPerMinute: int(env, 'FOOTBALL_DATA_REQUESTS_PER_MINUTE', 10, 1, 1000),
    notifyEveryMinutes: int(env, 'NOTIFY_EVERY_MINUTES', 60, 1, 7 * 24 * 60),
    fullSyncEveryMinutes: int(env, 'FULL_SYNC_EVERY_MINUTES', 360, 1, 7 * 24 * 60),
    vapidSubject: vapidSubject(env.VAPID_SUBJECT || `mailto:${mailAddress(mailFrom)}`),
    pushAllowedHosts: pushAllowedHosts(env.PUSH_ALLOWED_HOSTS),
    pushTimeoutMs: int(env, 'PUSH_TIMEOUT_MS', 10_000, 100, 120_000),
    importAllowedHosts: hostList('IMPORT_ALLOWED_HOSTS', env.IMPORT_ALLOWED_HOSTS),
    importTimeoutMs: int(env, 'IMPORT_TIMEOUT_MS', 15_000, 100, 120_000),
    webhookAllowedHosts: hostList('WEBHOOK_ALLOWED_HOSTS', env.WEBHOOK_ALLOWED_HOSTS),
    webhookDeliverySeconds: int(env, 'WEBHOOK_DELIVERY_SECONDS', 10, 0, 3600),
    clientDir: resolve(env.CLIENT_DIR || 'dist/client'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxy(env.TRUST_PROXY),
    sessionDays: int(env, 'SESSION_DAYS', 30, 1, 365),
    sessionCacheSeconds: int(env, 'SESSION_CACHE_SECONDS', 5, 0, 60),
    scryptCost: int(env, 'SCRYPT_COST', 17, 10, 20),
    jwtSecret: jwtSecret(env.JWT_SECRET),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    metricsOpenTo: metricsOpenTo(env.METRICS_OPEN, env.NODE_ENV === 'production' || metricsPort !== null ? 'nobody' : 'loopback'),
    metricsPort,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    live: {
      maxStreamsPerUser: int(env, 'LIVE_MAX_STREAMS_PER_USER', 5, 1, 100),
      // One network (an IPv6 /64) cannot hold the process's streams with many free accounts.
      maxStreamsPerAddress: int(env, 'LIVE_MAX_STREAMS_PER_ADDRESS', 50, 1, 100_000),
      maxStreamsPerLeague: int(env, 'LIVE_MAX_STREAMS_PER_LEAGUE', 1000, 1, 100_000),
      // Each open may replay missed events and build a table: opening in a loop is refused past these.
      opensPerMinutePerUser: int(env, 'LIVE_OPENS_PER_MINUTE_PER_USER', 30, 1, 10_000),
      opensPerMinutePerAddress: int(env, 'LIVE_OPENS_PER_MINUTE_PER_ADDRESS', 120, 1, 100_000),
      // Each stream holds a socket, a small buffer and a share of every table built while matches are in play.
      maxStreams: int(env, 'LIVE_MAX_STREAMS', 2000, 1, 100_000),
      heartbeatMs: int(env, 'LIVE_HEARTBEAT_MS', 25_000, 10, 600_000),
      maxStreamMs: int(env, 'LIVE_MAX_STREAM_MS', 30 * 60_000, 0, 24 * 3_600_000),
      deadlineCheckMs: int(env, 'LIVE_DEADLINE_CHECK_MS', 5000, 10, 600_000),
    },
    overload: {
      // A second of event-loop delay means every queued request already waits that long: shed load instead.
      maxEventLoopDelayMs: int(env, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
      maxEventLoopUtilization: decimal(env, 'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION', 0, 0, 1),
      maxHeapUsedMb: int(env, 'OVERLOAD_MAX_HEAP_MB', 0, 0, 1_000_000),
      maxRssMb: int(env, 'OVERLOAD_MAX_RSS_MB', 0, 0, 1_000_000),
      retryAfterSeconds: int(env, 'OVERLOAD_RETRY_AFTER_SECONDS', 10, 1, 3600),
      sampleIntervalMs: 1000,
    },
    webConcurrency: int(env, 'WEB_CONCURRENCY', 1, 1, 64),
    resultJobs: resultJobsMode(env.RESULT_JOBS),
    backupEveryHours: backupEveryHours(env, databaseUrl),
    backupKeep: int(env, 'BACKUP_KEEP', 7, 1, 1000),
    backupDir: resolve(env.BACKUP_DIR || defaultBackupDir(databaseUrl)),
    logHmacKey: logHmacKey(env.LOG_HMAC_KEY),
    logKeyFile: resolve(env.LOG_HMAC_KEY_FILE || join(dirname(defaultBackupDir(databaseUrl)), 'log-hmac.key')),
  };
}
