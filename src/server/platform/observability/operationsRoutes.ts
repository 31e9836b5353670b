import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations, type DatabaseHandle } from '../db/database';
import { requestLocale } from '../http/requestContext';
import { translate, type MessageKey } from '../i18n/messages';
import type { Lifecycle } from './lifecycle';
import type { AppMetrics } from './metrics';
import type { MetricsOpenTo } from '../config';

/** A readiness probe that waits longer than this on the database reports it unreachable. */
const DATABASE_PROBE_TIMEOUT_MS = 2000;

/** Route option for @fastify/under-pressure: never shed this route (a handler answering nothing lets it through). */
const NEVER_SHED = { pressureHandler: () => undefined };

/**
 * /livez, /readyz and /metrics: for orchestrators and monitoring, so outside /api/v1 and the route table, and
 * hidden from the OpenAPI document (no client calls them; the README documents them).
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  ops: { database: DatabaseHandle; metrics: AppMetrics; metricsToken: string | null; metricsOpenTo: MetricsOpenTo; lifecycle: Lifecycle },
): void {
  const unavailable = (req: FastifyRequest, reply: FastifyReply, key: MessageKey) =>
    reply.code(503).send({ status: 'unavailable', error: translate(requestLocale(req), key) });

  // Live while the process answers at all, even overloaded: restarting a busy process only loses its work.
  app.get('/livez', { schema: { hide: true }, config: NEVER_SHED }, async () => ({ status: 'ok' }));

  const isReady = readiness(ops.database, ops.lifecycle);
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    const problem = await isReady();
    return problem ? unavailable(req, reply, problem) : { status: 'ready' };
  });

  // Monitoring must still see an overloaded process. Without a token the metrics are served only to whom they are
  // open (config.metricsOpenTo: by default callers on this machine); to anyone else the route is not there at all.
  app.get('/metrics', { schema: { hide: true }, config: NEVER_SHED }, async (req, reply) => {
    if (!ops.metricsToken && !openTo(ops.metricsOpenTo, req)) return reply.callNotFound();
    if (ops.metricsToken && !sameSecret(bearer(req), ops.metricsToken)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: translate(requestLocale(req), 'errors.metrics_token') });
    }
    const { contentType, text } = await ops.metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}

/** What keeps the process from taking traffic, or null: shutting down, database unreachable, migrations missing. */
function readiness(database: DatabaseHandle, lifecycle: Lifecycle): () => Promise<MessageKey | null> {
  // Applied migrations stay applied: once seen complete, only reachability is checked again.
  let migrationsApplied = false;
  return async () => {
    if (lifecycle.shuttingDown) return 'errors.shutting_down';
    try {
      await withTimeout(sql`select 1`.execute(database.db), DATABASE_PROBE_TIMEOUT_MS);
    } catch {
      return 'errors.database_unavailable';
    }
    if (!migrationsApplied) {
      try {
        migrationsApplied = (await pendingMigrations(database)).length === 0;
      } catch {
        return 'errors.database_unavailable';
      }
      if (!migrationsApplied) return 'errors.migrations_pending';
    }
    return null;
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => { timer = setTimeout(() => fail(new Error('timed out')), ms); });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Headers a proxy adds to what it forwards: a request carrying one came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via'];

/**
 * Whether the caller may read the metrics without a token: `loopback` takes the socket's own address (never a
 * forwarded one), and a request a proxy on this machine forwards names its client in a header, so it is not local.
 */
function openTo(who: MetricsOpenTo, req: FastifyRequest): boolean {
  if (who !== 'loopback') return who === 'anyone';
  const address = req.socket.remoteAddress ?? '';
  const loopback = address === '::1' || /^(::ffff:)?127\./.test(address);
  return loopback && !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
}

function bearer(req: FastifyRequest): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
}

/** Constant-time comparison: digests first, so neither the content nor the length of the token leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
