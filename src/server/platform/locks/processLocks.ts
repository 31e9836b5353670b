import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database';
import type { AppDeps } from '../deps';
import { conflict } from '../errors/errors';
import { ProcessBusyError } from './processBusyError';

/**
 * Named processes (update, notify, scheduler ticks) run at most once at a time across every server process:
 * the lock is a row of `process_locks`. A run that crashes leaves its row behind; the row expires so the next
 * caller may take it over.
 */
export const LOCK_TTL_MS = 10 * 60_000;

export interface HeldLock { name: string; owner: string }

/** Locks taken by this process and not yet released: on shutdown they are released even if their work hangs. */
const heldByThisProcess = new Map<string, HeldLock>();

/** Takes the lock when it is free or expired; null when someone else holds it. */
export async function acquireLock(db: Executor, name: string, now: number, ttlMs = LOCK_TTL_MS): Promise<HeldLock | null> {
  const owner = randomUUID();
  const row = { name, owner, acquired_at: now, expires_at: now + ttlMs };
  const inserted = await db.insertInto('process_locks').values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('owner').executeTakeFirst();
  if (inserted) return held({ name, owner });
  // Only one of several racing callers can match the stale row: the others see the new expiry.
  const taken = await db.updateTable('process_locks')
    .set({ owner, acquired_at: now, expires_at: now + ttlMs })
    .where('name', '=', name).where('expires_at', '<=', now)
    .returning('owner').executeTakeFirst();
  return taken ? held({ name, owner }) : null;
}

function held(lock: HeldLock): HeldLock {
  heldByThisProcess.set(lock.owner, lock);
  return lock;
}

/** Pushes the expiry forward while a long run is still alive; false when the lock was lost. */
export async function renewLock(db: Executor, lock: HeldLock, now: number, ttlMs = LOCK_TTL_MS): Promise<boolean> {
  const renewed = await db.updateTable('process_locks').set({ expires_at: now + ttlMs })
    .where('name', '=', lock.name).where('owner', '=', lock.owner)
    .returning('owner').executeTakeFirst();
  return Boolean(renewed);
}

export async function releaseLock(db: Executor, lock: HeldLock): Promise<void> {
  await db.deleteFrom('process_locks').where('name', '=', lock.name).where('owner', '=', lock.owner).execute();
  heldByThisProcess.delete(lock.owner);
}

/**
 * Releases every lock this process still holds in `db` (graceful shutdown), so the other processes need not wait
 * for the locks to expire. Returns their names. Owners are random, so locks held in other databases are untouched.
 */
export async function releaseHeldLocks(db: Executor): Promise<string[]> {
  const owners = [...heldByThisProcess.keys()];
  if (owners.length === 0) return [];
  const released = await db.deleteFrom('process_locks').where('owner', 'in', owners).returning(['name', 'owner']).execute();
  for (const lock of released) heldByThisProcess.delete(lock.owner);
  return released.map((lock) => lock.name);
}

/**
 * Runs `work` holding the named lock, released in every case. A busy lock throws ProcessBusyError, which
 * callers from HTTP turn into 409 (see `httpProcess`) and the scheduler treats as "someone else runs it".
 */
export async function withProcessLock<T>(deps: Pick<AppDeps, 'db' | 'clock'>, name: string, work: (lock: HeldLock) => Promise<T>): Promise<T> {
  const lock = await acquireLock(deps.db, name, deps.clock.now());
  if (!lock) throw new ProcessBusyError(name);
  try {
    return await work(lock);
  } finally {
    await releaseLock(deps.db, lock);
  }
}

/** Same as withProcessLock, answering 409 with the translated process_already_running message. */
export async function runHttpProcess<T>(deps: Pick<AppDeps, 'db' | 'clock'>, name: string, work: (lock: HeldLock) => Promise<T>): Promise<T> {
  try {
    return await withProcessLock(deps, name, work);
  } catch (error) {
    if (error instanceof ProcessBusyError && error.processName === name) throw conflict('errors.messages.process_already_running');
    throw error;
  }
}
