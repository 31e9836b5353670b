import { sql, type Kysely, type Transaction } from 'kysely';
import { lockStandings, type StandingsScope } from '../domain/standings/standingsRefresh';
import type { Executor } from '../platform/db/database';
import type { Database } from '../platform/db/schema';

/**
 * Lock-order tests on PostgreSQL: a second pool's transaction plays a result job's batch (it holds standings, then
 * writes), and a request arrives while it holds them. Written in the wrong order, the two would deadlock, and
 * PostgreSQL would fail one after deadlock_timeout.
 */

/** Polls until at least `count` sessions of this database wait on a lock. */
export async function waitingOnLocks(db: Executor, count: number): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(db);
    if (rows[0].n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A batch's transaction: it holds the scope's standings (`held` once it does), and once released runs `then`. */
export function batchHoldingStandings(db: Kysely<Database>, scope: StandingsScope, then: (trx: Transaction<Database>) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let holding!: () => void;
  const held = new Promise<void>((resolve) => { holding = resolve; });
  const done = db.transaction().execute(async (trx) => {
    await lockStandings(trx, scope);
    holding();
    await released;
    await then(trx);
  });
  return { held, release, done };
}
