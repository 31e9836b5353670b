import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { DatabaseHandle, Executor } from '../db/database';
import { PostgresListener } from '../db/postgresListener';
import { notificationChannel, notify } from '../db/notificationChannels';
import { type LiveEventRow, insertLiveEvent, latestLiveEventId, liveEventsAfter, liveEventsByIds, pruneLiveEvents } from './liveEventStore';

/**
 * Carries live events from the process that writes them to the streams of every process.
 * An event is a row of live_events written in the writer's transaction, so it exists only if the write commits.
 * PostgreSQL: the same transaction runs pg_notify with the row's id (sent on commit; ids only, far below the
 * 8000-byte payload limit), and each process LISTENs on one dedicated connection, then reads the rows.
 * SQLite (one process): after publishing, the rows past the last one seen are read once the writer's transaction
 * has released the single connection (Kysely queues statements behind it), so a rolled-back event is never seen.
 */
export interface LiveEventInput {
  competitionId: number;
  kind: LiveEventRow['kind'];
  payload: unknown;
  /** An event derived by several processes from the clock is stored (and told) once per key. */
  dedupeKey?: string;
}

export interface LiveBus {
  /** Records the event in `db` (the writer's transaction); null when its dedupe key was already used. */
  publish(db: Executor, event: LiveEventInput): Promise<number | null>;
  /** Every committed event, once, in id order as they arrive; starts listening on the first subscriber. */
  subscribe(listener: (event: LiveEventRow) => void): Promise<() => void>;
  /**
   * SQLite: events another process (the result runner) committed are read now. PostgreSQL tells every process of
   * every event already.
   */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

/** Events are kept this long for Last-Event-ID resumes. */
const LIVE_EVENT_RETENTION_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;
/** Ids already delivered, remembered so a catch-up after a lost LISTEN connection does not repeat them. */
const DELIVERED_MEMORY = 5000;
const CATCH_UP_LIMIT = 1000;

const CHANNEL_PREFIX = 'porra_live_';

export function createLiveBus(handle: DatabaseHandle, clock: Clock, log: FastifyBaseLogger): LiveBus {
  const { db } = handle;
  const listeners = new Set<(event: LiveEventRow) => void>();
  const delivered = new Set<number>();
  let lastSeen = 0;
  let started: Promise<void> | null = null;
  let pgListener: PostgresListener | null = null;
  let pruneTimer: NodeJS.Timeout | null = null;
  let reading: Promise<void> = Promise.resolve();
  let closed = false;

  function deliver(rows: LiveEventRow[]): void {
    for (const row of rows) {
      if (delivered.has(row.id)) continue;
      delivered.add(row.id);
      if (delivered.size > DELIVERED_MEMORY) delivered.delete(delivered.values().next().value!);
      lastSeen = Math.max(lastSeen, row.id);
      for (const listener of listeners) listener(row);
    }
  }

  /** Reads (one read at a time, in order) and delivers rows; failures are logged, the stream goes on. */
  function read(rows: () => Promise<LiveEventRow[]>): Promise<void> {
    reading = reading.then(async () => {
      if (closed) return;
      try { deliver(await rows()); } catch (error) { log.warn({ err: error }, 'live events: could not read events'); }
    });
    return reading;
  }

  async function start(): Promise<void> {
    lastSeen = await latestLiveEventId(db);
    if (pruneTimer) clearInterval(pruneTimer);
    pruneTimer = setInterval(() => {
      pruneLiveEvents(db, clock.now() - LIVE_EVENT_RETENTION_MS).catch((error) => log.warn({ err: error }, 'live events: prune failed'));
    }, PRUNE_EVERY_MS);
    pruneTimer.unref();
    if (handle.dialect !== 'postgres' || !handle.newClient) return;
    pgListener = new PostgresListener({
      connect: handle.newClient, channel: await notificationChannel(db, CHANNEL_PREFIX), log,
      onPayload: (payload) => {
        const id = Number(payload);
        if (Number.isInteger(id)) void read(() => liveEventsByIds(db, [id]));
      },
      // After a lost connection, whatever committed meanwhile (and was not delivered yet).
      onReconnect: () => { void read(() => liveEventsAfter(db, Math.max(0, lastSeen - CATCH_UP_LIMIT), CATCH_UP_LIMIT * 2)); },
    });
    await pgListener.start();
  }

  return {
    async publish(executor, event) {
      const id = await insertLiveEvent(executor, {
        competition_id: event.competitionId, kind: event.kind, payload: JSON.stringify(event.payload),
        dedupe_key: event.dedupeKey ?? null, created_at: clock.now(),
      });
      if (id === null) return null;
      if (handle.dialect === 'postgres') {
        // Sent by PostgreSQL when (and only if) the writer's transaction commits.
        await notify(executor, CHANNEL_PREFIX, String(id));
      } else if (listeners.size > 0) {
        // Queued behind the writer's transaction on the one SQLite connection: runs after its commit or rollback.
        setImmediate(() => { void read(() => liveEventsAfter(db, lastSeen, CATCH_UP_LIMIT)); });
      }
      return id;
    },
    async subscribe(listener) {
      listeners.add(listener);
      // A failed start (database unreachable) is tried again by the next subscriber, not remembered.
      started ??= start().catch((error: unknown) => { started = null; throw error; });
      try {
        await started;
      } catch (error) {
        listeners.delete(listener);
        throw error;
      }
      return () => { listeners.delete(listener); };
    },
    async catchUp() {
      if (handle.dialect === 'postgres' || listeners.size === 0) return;
      await read(() => liveEventsAfter(db, lastSeen, CATCH_UP_LIMIT));
    },
    async close() {
      closed = true;
      listeners.clear();
      if (pruneTimer) clearInterval(pruneTimer);
      await pgListener?.stop();
    },
  };
}
