import { sql } from 'kysely';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { forEachBatch } from './rowBatches';

describeEachDb('reading a query a batch at a time', (ctx) => {
  it('hands over every row in order, in batches of the size asked, and the next only once the last is dealt with', async () => {
    const t = ctx();
    for (let i = 0; i < 25; i += 1) await createUserWithToken(t.deps, { name: `Reader ${String(i).padStart(2, '0')}` });
    const query = t.deps.db.selectFrom('users').select(['id', 'name']).where('name', 'like', 'Reader %').orderBy('name').orderBy('id');
    const batches: string[][] = [];
    let inBatch = false;
    await forEachBatch(t.deps.db, t.deps.dialect, query, 10, async (rows) => {
      expect(inBatch).toBe(false);
      inBatch = true;
      await new Promise((resolve) => setTimeout(resolve, 5));
      batches.push(rows.map((row) => row.name));
      inBatch = false;
    });
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches.flat()).toEqual(Array.from({ length: 25 }, (_, i) => `Reader ${String(i).padStart(2, '0')}`));
  });

  it('stops when the consumer throws, and leaves no transaction open behind it', async () => {
    const t = ctx();
    for (let i = 0; i < 5; i += 1) await createUserWithToken(t.deps, { name: `Gone ${i}` });
    const query = t.deps.db.selectFrom('users').select('id').orderBy('id');
    let calls = 0;
    await expect(forEachBatch(t.deps.db, t.deps.dialect, query, 2, async () => {
      calls += 1;
      throw new Error('the reader went away');
    })).rejects.toThrow('the reader went away');
    expect(calls).toBe(1);
    if (t.deps.dialect === 'postgres') {
      const { rows } = await sql<{ n: number }>`SELECT COUNT(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`.execute(t.deps.db);
      expect(rows[0].n).toBe(0);
    }
    // The next read works as usual (the same cursor name, maybe on the same connection).
    let read = 0;
    await forEachBatch(t.deps.db, t.deps.dialect, query, 2, async (rows) => { read += rows.length; });
    expect(read).toBeGreaterThanOrEqual(5);
  });
});
