import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import type { OverloadLimits } from '../config';
import { requestLocale } from '../http/requestContext';
import { translate } from '../i18n/messages';

const MB = 1024 * 1024;
/** At most one warning per this period while shedding, not one per refused request. */
const WARN_EVERY_MS = 10_000;

/**
 * Load shedding with @fastify/under-pressure: past a limit (event-loop delay by default) every new request gets
 * 503 with Retry-After at once, in the caller's language, instead of queueing until clients time out. Registered
 * before anything else so a refused request costs no session lookup. Routes opt out with the `pressureHandler`
 * route option (see operationsRoutes.ts).
 */
export async function registerOverloadProtection(app: FastifyInstance, limits: OverloadLimits): Promise<void> {
  let lastWarning = 0;
  // Starting up (compiling every route's schemas) blocks the event loop once, for a second or more on a busy
  // machine: the samples that saw it measured the start, not load. Shedding begins two samples after ready.
  let armed = false;
  app.addHook('onReady', async () => { setTimeout(() => { armed = true; }, 2 * limits.sampleIntervalMs).unref(); });
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxEventLoopUtilization: limits.maxEventLoopUtilization,
    maxHeapUsedBytes: limits.maxHeapUsedMb * MB,
    maxRssBytes: limits.maxRssMb * MB,
    sampleInterval: limits.sampleIntervalMs,
    retryAfter: limits.retryAfterSeconds,
    pressureHandler: (req, reply, type, value) => {
      if (!armed) return;
      if (Date.now() - lastWarning > WARN_EVERY_MS) {
        lastWarning = Date.now();
        req.log.warn({ limit: type, value }, 'overloaded: answering 503 to new requests');
      }
      // Sent here; Fastify then skips the rest of the request (it checks reply.sent after onRequest hooks).
      reply.code(503).header('retry-after', String(limits.retryAfterSeconds)).send({ error: translate(requestLocale(req), 'errors.overloaded') });
    },
  });
}
