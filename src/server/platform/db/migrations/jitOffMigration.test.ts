import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase } from '../database';

// A database created and migrated from scratch, on a shared machine.
jest.setTimeout(120_000);

const base = process.env.TEST_DATABASE_DIRECT_URL ?? process.env.TEST_DATABASE_URL;
const describePostgres = base ? describe : describe.skip;

async function query<T>(url: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try { return (await client.query(statement)).rows as T[]; } finally { await client.end(); }
}

/** On PostgreSQL, Porra's database compiles no statement with JIT: every new session has it off. */
describePostgres('JIT off migration [postgres]', () => {
  it('turns jit off for every new session of the database, whatever the server default', async () => {
    const name = `t_jit_${randomBytes(5).toString('hex')}`;
    await query(base!, `CREATE DATABASE ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    try {
      const databaseSettings = () => query<{ setconfig: string[] }>(url.toString(),
        'SELECT setconfig FROM pg_db_role_setting WHERE setrole = 0 AND setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())');
      expect(await databaseSettings()).toEqual([]);
      const handle = openDatabase(url.toString(), { poolSize: 2 });
      try { await migrate(handle); } finally { await handle.close(); }
      expect(await databaseSettings()).toEqual([{ setconfig: ['jit=off'] }]);
      expect(await query<{ jit: string }>(url.toString(), 'SHOW jit')).toEqual([{ jit: 'off' }]);
    } finally {
      await query(base!, `DROP DATABASE ${name} WITH (FORCE)`);
    }
  });
});
