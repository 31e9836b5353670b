import { describeEachDb } from '../../testing/harness';
import { acquireLock, LOCK_TTL_MS, releaseLock, renewLock, withProcessLock } from './processLocks';
import { ProcessBusyError } from './processBusyError';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

describeEachDb('process locks', (ctx) => {
  it('are taken by exactly one of many concurrent callers', async () => {
    const { db, clock } = ctx().deps;
    const results = await Promise.all(Array.from({ length: 8 }, () => acquireLock(db, 'update', clock.now())));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('expire: a stale lock is taken over by exactly one caller, and its old owner can no longer release or renew it', async () => {
    const t = ctx();
    const stale = await acquireLock(t.deps.db, 'notify', t.clock.now());
    expect(await acquireLock(t.deps.db, 'notify', t.clock.now() + LOCK_TTL_MS - 1)).toBeNull();
    const later = t.clock.now() + LOCK_TTL_MS;
    const takers = await Promise.all(Array.from({ length: 5 }, () => acquireLock(t.deps.db, 'notify', later)));
    const [winner] = takers.filter(Boolean);
    expect(takers.filter(Boolean)).toHaveLength(1);
    expect(await renewLock(t.deps.db, stale!, later)).toBe(false);
    await releaseLock(t.deps.db, stale!);
    const row = await t.deps.db.selectFrom('process_locks').selectAll().executeTakeFirstOrThrow();
    expect(row.owner).toBe(winner!.owner);
    expect(await renewLock(t.deps.db, winner!, later + 1000)).toBe(true);
  });

  it('are released when the work fails, and refuse a nested run of the same process', async () => {
    const t = ctx();
    await expect(withProcessLock(t.deps, 'update', async () => {
      await expect(withProcessLock(t.deps, 'update', async () => 1)).rejects.toBeInstanceOf(ProcessBusyError);
      expect(await withProcessLock(t.deps, 'notify', async () => 2)).toBe(2);
      throw new Error('provider down');
    })).rejects.toThrow('provider down');
    expect(await t.deps.db.selectFrom('process_locks').selectAll().execute()).toEqual([]);
  });
});
