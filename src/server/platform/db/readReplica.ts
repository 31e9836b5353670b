import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from './database';
import { openDatabase } from './database';

/** Where a read that could go to the replica was served, and why (metrics). */
export type ReplicaReadOutcome = 'replica' | 'primary_lagging' | 'primary_unavailable';

/**
 * Reads a streaming replica (DATABASE_REPLICA_URL) can take off the primary. A player's own reads after a write never
 * come here: they stay on the primary.
 * - `mayLag`: reads where a delay of the replica's lag is fine (other leagues' lists).
 * - `whenCurrent`: reads that must not be older than something the primary reported (a table whose version it just
 *   read): the replica serves them when `isCurrent` holds there (it has that version), the primary otherwise.
 * - `caughtUp`: reads that must see every write committed before the call (reference data cached under the
 *   primary's write mark): the replica serves them once it has replayed the primary's WAL up to where it stood at
 *   the call (on a busy primary it is usually a little behind, and the primary answers).
 * A replica that refuses connections or fails a read (stopped, restarting, a recovery conflict) sends reads back to
 * the primary, and is tried again after a pause. Without a replica both run on the primary, at no extra cost.
 */
export interface ReadReplica {
  mayLag<T>(read: (db: Db) => Promise<T>): Promise<T>;
  whenCurrent<T>(isCurrent: (db: Db) => Promise<boolean>, read: (db: Db) => Promise<T>): Promise<T>;
  caughtUp<T>(read: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** After a failure the replica is left alone this long (every read meanwhile goes to the primary). */
const RETRY_AFTER_MS = 5_000;
const CONNECT_TIMEOUT_MS = 2_000;

const onPrimary = (primary: Db): ReadReplica => ({
  mayLag: (read) => read(primary),
  whenCurrent: (_isCurrent, read) => read(primary),
  caughtUp: (read) => read(primary),
  close: async () => undefined,
});

export function openReadReplica(
  url: string | null, primary: Db, options: { poolSize: number; log: FastifyBaseLogger; served: (outcome: ReplicaReadOutcome) => void },
): ReadReplica {
  if (!url) return onPrimary(primary);
  const replica = openDatabase(url, { poolSize: options.poolSize, connectTimeoutMs: CONNECT_TIMEOUT_MS });
  let downUntil = 0;

  async function attempt<T>(read: (db: Db) => Promise<T>, ready: (db: Db) => Promise<boolean>): Promise<T> {
    if (performance.now() < downUntil) {
      options.served('primary_unavailable');
      return read(primary);
    }
    let answer: { value: T } | null = null;
    try {
      if (await ready(replica.db)) answer = { value: await read(replica.db) };
    } catch (error) {
      downUntil = performance.now() + RETRY_AFTER_MS;
      options.log.warn({ err: error }, `read replica failed; reads go to the primary for ${RETRY_AFTER_MS / 1000} s`);
      options.served('primary_unavailable');
      return read(primary);
    }
    if (answer) {
      options.served('replica');
      return answer.value;
    }
    options.served('primary_lagging');
    return read(primary);
  }

  return {
    mayLag: (read) => attempt(read, async () => true),
    whenCurrent: (isCurrent, read) => attempt(read, isCurrent),
    async caughtUp(read) {
      // Every commit the primary has made visible so far is in its WAL before this position.
      const { rows: [{ lsn }] } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(primary);
      return attempt(read, async (db) => {
        const { rows: [{ replayed }] } = await sql<{ replayed: boolean }>`
          select coalesce(pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn, true) as replayed`.execute(db);
        return replayed;
      });
    },
    close: () => replica.close(),
  };
}
