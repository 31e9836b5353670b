import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import type { Database } from '../platform/db/schema';
import { createTestApp, type TestApp, type TestDatabase } from './harness';

/** A PostgreSQL test app, a second Kysely over its database that records every statement it runs, and a client to EXPLAIN them. */
interface LoggedPostgres { t: TestApp; logged: Kysely<Database>; client: pg.Client; statements: CompiledQuery[] }

/** Sets a LoggedPostgres up before each test of the enclosing describe and closes it after; its fields are the current test's. */
export function loggedPostgresEachTest(poolSize: number): LoggedPostgres {
  const world = { statements: [] } as unknown as LoggedPostgres;
  beforeEach(async () => {
    world.t = await createTestApp('postgres');
    const url = (world.t.database as TestDatabase).serverEnv.DATABASE_URL;
    world.logged = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: poolSize }) }),
      log: (event) => { world.statements.push(event.query); },
    });
    world.client = new pg.Client({ connectionString: url });
    await world.client.connect();
    world.statements = [];
  });
  afterEach(async () => {
    await world.client.end();
    await world.logged.destroy();
    await world.t.close();
  });
  return world;
}
