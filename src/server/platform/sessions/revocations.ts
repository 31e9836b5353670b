import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle, Executor } from '../db/database';
import { isPostgres, notificationChannel, notify } from '../db/notificationChannels';
import { PostgresListener } from '../db/postgresListener';
import type { SessionCache } from './sessionCache';

/**
 * A revoked session (sign-out, password change, a disabled or deleted account) or a changed user row is forgotten by
 * every process within about a second, not only by the one that wrote it:
 * - PostgreSQL: the writer NOTIFYs the user id in its own transaction (sent only if it commits), and every server
 *   process LISTENs on one dedicated connection and drops that user's cached sessions. A process whose LISTEN
 *   connection was lost drops its whole cache when it reconnects, since it may have missed some.
 * - SQLite: one server process, whose cache the writer has already cleared.
 * The cache lifetime (SESSION_CACHE_SECONDS) stays as the backstop if a notification is ever lost.
 */
const CHANNEL_PREFIX = 'porra_sessions_';

/** Drops the user's cached sessions here at once and, on PostgreSQL, in every other process when `db` commits. */
export async function forgetUserEverywhere(db: Executor, sessions: SessionCache, userId: number): Promise<void> {
  sessions.forgetUser(userId);
  if (isPostgres(db)) await notify(db, CHANNEL_PREFIX, String(userId));
}

/** Listens for other processes' revocations into `sessions` (PostgreSQL only); stop it when the app closes. */
export async function listenForRevocations(
  handle: DatabaseHandle, sessions: SessionCache, log: FastifyBaseLogger,
): Promise<{ stop: () => Promise<void> }> {
  if (handle.dialect !== 'postgres' || !handle.newClient) return { stop: async () => undefined };
  const listener = new PostgresListener({
    connect: handle.newClient, channel: await notificationChannel(handle.db, CHANNEL_PREFIX), log,
    onPayload: (payload) => {
      const userId = Number(payload);
      if (Number.isSafeInteger(userId)) sessions.forgetUser(userId);
    },
    onReconnect: () => sessions.forgetEveryone(),
  });
  await listener.start();
  return { stop: () => listener.stop() };
}
