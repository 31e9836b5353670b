import { sql } from 'kysely';
import { describeEachDb } from '../../testing/harness';

describeEachDb('prepared statements', (ctx) => {
  it('PostgreSQL: DML is prepared once per connection; BEGIN and * column lists are not', async () => {
    const { db, dialect } = ctx().deps;
    if (dialect !== 'postgres') return;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.selectFrom('settings').select(['key', 'value']).where('key', '=', `k${i}`).execute();
      await trx.selectFrom('settings').selectAll().execute();
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      const texts = rows.map((row) => row.statement);
      expect(texts.filter((text) => text.startsWith('select "key", "value" from "settings"'))).toHaveLength(1);
      expect(texts.some((text) => /select \* from "settings"/.test(text) || /^begin/i.test(text))).toBe(false);
    });
  });
});
