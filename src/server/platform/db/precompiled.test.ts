import { sql } from 'kysely';
import { describeEachDb } from '../../testing/harness';
import { precompiled } from './precompiled';

describeEachDb('precompiled statements', (ctx) => {
  it('swaps each placeholder for its argument wherever the builder put it, compiling once per database', async () => {
    let builds = 0;
    // The subquery's parameters come before the outer WHERE's: arguments still land in their places.
    const find = precompiled((db, id: number, name: string) => {
      builds += 1;
      return db.selectFrom('settings').select(['key', (eb) => eb.exists(eb.selectFrom('settings as s').select('s.key')
        .where('s.key', '=', name)).as('named')]).where(sql<boolean>`${id} = 1`).compile();
    }, 2);
    const { db } = ctx().deps;
    await db.insertInto('settings').values({ key: 'bench-key', value: 'v' }).execute();
    const rows = await find(db, 1, 'bench-key');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => Number(row.named) === 1)).toBe(true);
    expect(await find(db, 2, 'bench-key')).toEqual([]);
    expect((await find(db, 1, 'nothing')).every((row) => Number(row.named) === 0)).toBe(true);
    expect(builds).toBe(1);
  });

  it('refuses a statement with a parameter that is not an argument', async () => {
    const broken = precompiled((db, _id: number) => db.selectFrom('settings').select('key').where('key', '=', 'literal').compile(), 1);
    await expect(broken(ctx().deps.db, 1)).rejects.toThrow(/not an argument/);
  });
});
