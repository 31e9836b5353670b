import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './platform/db/database';
import { releaseHeldLocks } from './platform/locks/processLocks';
import type { Scheduler } from './scheduledJobs';
import type { Lifecycle } from './platform/observability/lifecycle';

interface RunningServer {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  /** Opened by main.ts, not by the app: it must outlive app.close() to release the locks. */
  database: DatabaseHandle;
  scheduler: Scheduler | null;
  /** The result runner process main.ts started, if any. */
  runner?: { stop(): Promise<void> } | null;
}

/** After the deadline, cut connections and closing the database get this much more before main exits anyway. */
const AFTER_DEADLINE_MS = 2000;

/**
 * What SIGTERM does, in order:
 * 1. /readyz answers 503, so a load balancer still probing sends new traffic elsewhere;
 * 2. the scheduler starts nothing new, the result runner commits its batch in progress and stops, and Fastify stops
 *    accepting connections, closes idle keep-alive ones (and those that never sent a request), answers 503
 *    (Connection: close) to requests arriving on busy ones, and waits for the requests in flight;
 * 3. past `timeoutMs` the connections still open are cut (a hung request must not block a deploy);
 * 4. the process locks this process still holds are released, so other processes need not wait for them to expire;
 * 5. the database is closed.
 * Resolves true when everything in flight finished in time, false when connections had to be cut.
 */
export async function shutdownGracefully(server: RunningServer, timeoutMs: number): Promise<boolean> {
  const { app, lifecycle, database, scheduler, runner } = server;
  lifecycle.shuttingDown = true;
  const closing = Promise.allSettled([scheduler?.stop(), runner?.stop(), app.close()]);
  // The listener no longer accepts: a connection that never sent a request will not send one we would answer.
  lifecycle.closeUnusedConnections();
  const drained = await settlesWithin(closing, timeoutMs);
  if (!drained) {
    app.log.warn({ timeoutMs }, 'requests or scheduled jobs still running at the shutdown deadline: cutting their connections');
    app.server.closeAllConnections();
    await settlesWithin(closing, AFTER_DEADLINE_MS);
  }
  try {
    const released = await releaseHeldLocks(database.db);
    if (released.length > 0) app.log.info({ locks: released }, 'released process locks');
  } catch (error) {
    app.log.error({ err: error }, 'could not release process locks (they expire on their own)');
  }
  await settlesWithin(database.close(), AFTER_DEADLINE_MS);
  return drained;
}

/** True when `work` settles (either way) within `ms`; it is never left rejecting unhandled. */
function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((done) => { timer = setTimeout(() => done(false), ms); });
  const settled = work.then(() => true, () => true);
  return Promise.race([settled, deadline]).finally(() => clearTimeout(timer));
}
