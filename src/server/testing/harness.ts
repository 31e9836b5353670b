import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp, type SchemaCompilers } from '../app';
import { ManualClock } from './manualClock';
import { loadConfig, type Config } from '../platform/config';
import { openDatabase, type DatabaseHandle } from '../platform/db/database';
import type { AppDeps } from '../platform/deps';
import type { Email, Mailer } from '../platform/mail/mailer';
import { sharedCompilers } from './sharedCompilers';
import { migratedTestDatabase, type TestDatabase } from './migratedDatabases';

export type { TestDatabase };

export type DbKind = 'sqlite' | 'postgres';

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). TEST_DB_KINDS=postgres leaves SQLite out
 * (the run through PgBouncer).
 */
export const DB_KINDS: DbKind[] = (process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] as const : ['sqlite'] as const)
  .filter((kind) => !process.env.TEST_DB_KINDS || process.env.TEST_DB_KINDS.split(',').includes(kind));

export class CapturingMailer implements Mailer {
  readonly sent: Email[] = [];
  async send(email: Email) { this.sent.push(email); }
}

export interface TestApp {
  kind: DbKind;
  app: FastifyInstance;
  deps: AppDeps;
  clock: ManualClock;
  mailer: CapturingMailer;
  database: DatabaseHandle;
  lifecycle: BuiltApp['lifecycle'];
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // No load shedding: on a busy test machine event-loop delay would turn into random 503s.
  const env = { SCRYPT_COST: '10', LOG_LEVEL: 'silent', SEED_DEMO: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    LOG_HMAC_KEY: 'test-log-key-kept-outside-the-database', RESULT_JOBS: 'inline' };
  return { ...loadConfig(env), clientDir: '/nonexistent', ...overrides };
}

/**
 * A fresh, isolated database: in-memory SQLite, or a new PostgreSQL schema dropped on close. When
 * TEST_DATABASE_DIRECT_URL is set, TEST_DATABASE_URL is a pooler in transaction mode (PgBouncer) in front of that
 * server: a pooler keeps no per-connection search_path, so each test gets a database of its own instead, used through
 * the pooler without named prepared statements, and directly for LISTEN.
 */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'sqlite') return { ...openDatabase('sqlite::memory:'), serverEnv: {} };
  const base = process.env.TEST_DATABASE_URL!;
  const direct = process.env.TEST_DATABASE_DIRECT_URL;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: direct ?? base });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  if (direct) {
    await admin(`CREATE DATABASE ${name}`);
    const [pooled, server] = [new URL(base), new URL(direct)];
    pooled.pathname = `/${name}`;
    server.pathname = `/${name}`;
    const handle = openDatabase(pooled.toString(), { poolSize: 20, preparedStatements: false, directUrl: server.toString() });
    return {
      ...handle,
      serverEnv: { DATABASE_URL: pooled.toString(), DATABASE_DIRECT_URL: server.toString(), DATABASE_PREPARED_STATEMENTS: 'false' },
      async close() {
        await handle.close();
        await admin(`DROP DATABASE ${name} WITH (FORCE)`);
      },
    };
  }
  await admin(`CREATE SCHEMA ${name}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${name}`);
  const handle = openDatabase(url.toString(), { poolSize: 20 });
  return {
    ...handle,
    serverEnv: { DATABASE_URL: url.toString() },
    async close() {
      await handle.close();
      await admin(`DROP SCHEMA ${name} CASCADE`);
    },
  };
}

export async function createTestApp(
  kind: DbKind, options: { config?: Partial<Config>; now?: string | number; compilers?: SchemaCompilers } = {},
): Promise<TestApp> {
  // Behind a pooler each test gets a database of its own (see openTestDatabase), which is not handed on.
  const database = process.env.TEST_DATABASE_DIRECT_URL
    ? await openTestDatabase(kind)
    : await migratedTestDatabase(kind, () => openTestDatabase(kind));
  const clock = new ManualClock(options.now !== undefined ? new Date(options.now).getTime() : Date.parse('2026-06-01T12:00:00Z'));
  const mailer = new CapturingMailer();
  const { app, deps, lifecycle } = await buildApp({
    config: testConfig(options.config), database, clock, mailer, logger: false, compilers: options.compilers,
  });
  return {
    kind, app, deps, clock, mailer, database, lifecycle,
    async close() { await app.close(); await database.close(); },
  };
}

/**
 * Runs a describe block once per database kind, with a fresh app per test. The apps share their compiled schemas,
 * the same for every app and most of what building one costs.
 */
export function describeEachDb(name: string, body: (ctx: () => TestApp) => void, options: Parameters<typeof createTestApp>[1] = {}) {
  const compilers = options.compilers ?? sharedCompilers();
  describe.each(DB_KINDS)(`${name} [%s]`, (kind) => {
    let current: TestApp;
    beforeEach(async () => { current = await createTestApp(kind, { ...options, compilers }); });
    afterEach(async () => { await current.close(); });
    body(() => current);
  });
}

/** `app.inject` with a bearer token and JSON body; the parsed JSON comes back as `json`. */
export async function call(app: FastifyInstance, options: InjectOptions & { token?: string | null }): Promise<LightMyRequestResponse & { body: string; data: any }> {
  const { token, ...rest } = options;
  const res = await app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  let data: unknown;
  try { data = res.json(); } catch { data = undefined; }
  return Object.assign(res, { data });
}
