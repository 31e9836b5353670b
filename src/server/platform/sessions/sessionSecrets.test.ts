import { createHash, randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { buildApp } from '../../app';
import { call, CapturingMailer, createTestApp, DB_KINDS, describeEachDb, openTestDatabase, testConfig } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { loadConfig } from '../config';
import { migrate } from '../db/database';
import { migrationProvider } from '../db/migrations/index';
import { signToken } from './tokens';

// Migrations from scratch on a real database, on a shared machine.
jest.setTimeout(120_000);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The session id a token carries (its `sid`). */
const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
const me = '/api/v1/en/users/index';
/** The caller's id, -1 for a visitor (a token that signs nobody in). */
const callerId = async (app: Parameters<typeof call>[0], token: string) => (await call(app, { method: 'GET', url: me, token })).data.id as number;

describeEachDb('stored sessions', (ctx) => {
  it('keep only the hash of each session id; the token carries the id and signs in, signing out deletes the row', async () => {
    const ana = await createUserWithToken(ctx().deps);
    const sid = sidOf(ana.token);
    const rows = await ctx().deps.db.selectFrom('sessions').select('id').where('user_id', '=', ana.id).execute();
    expect(rows).toEqual([{ id: sha256(sid) }]);
    expect((await call(ctx().app, { method: 'GET', url: me, token: ana.token })).data).toMatchObject({ id: ana.id });

    // What a copy of the database holds cannot be used as a session id.
    const now = ctx().clock.now();
    const fromBackup = await signToken(ctx().deps.jwtSecret, { userId: ana.id, sessionId: rows[0]!.id }, now, now + 3_600_000);
    expect(await callerId(ctx().app, fromBackup)).toBe(-1);

    expect((await call(ctx().app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: ana.token })).statusCode).toBe(200);
    expect(await ctx().deps.db.selectFrom('sessions').select('id').where('user_id', '=', ana.id).execute()).toEqual([]);
    expect(await callerId(ctx().app, ana.token)).toBe(-1);
  });
});

describe.each(DB_KINDS)('the signing key [%s]', (kind) => {
  it('comes from JWT_SECRET when set: none is kept in the database, and tokens of the stored one stop working', async () => {
    const t = await createTestApp(kind);
    try {
      const ana = await createUserWithToken(t.deps);
      expect(await t.deps.db.selectFrom('settings').select('key').where('key', '=', 'jwt_secret').execute()).toHaveLength(1);
      const secret = 'an-operator-chosen-key-of-48-characters-or-so-0123';
      const { app, deps } = await buildApp({
        config: testConfig({ jwtSecret: loadConfig({ JWT_SECRET: secret }).jwtSecret }), database: t.database, clock: t.clock, mailer: new CapturingMailer(), logger: false,
      });
      try {
        expect(new TextDecoder().decode(deps.jwtSecret)).toBe(secret);
        expect(await deps.db.selectFrom('settings').select('key').where('key', '=', 'jwt_secret').execute()).toEqual([]);
        expect(await callerId(app, ana.token)).toBe(-1);
        const bob = await createUserWithToken(deps);
        expect((await call(app, { method: 'GET', url: me, token: bob.token })).data).toMatchObject({ id: bob.id });
      } finally {
        await app.close();
      }
    } finally {
      await t.close();
    }
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
});

describe.each(DB_KINDS)('the session hash migration [%s]', (kind) => {
  it('replaces stored session ids by their hash; the tokens handed out before keep working', async () => {
    const handle = await openTestDatabase(kind);
    try {
      const schema = kind === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db)).rows[0]!.schema : undefined;
      const migrator = new Migrator({ db: handle.db, provider: migrationProvider(kind), migrationTableSchema: schema });
      expect((await migrator.migrateTo('20261126_o_log_integrity')).error).toBeUndefined();
      const db = handle.db as any;
      const now = Date.now();
      const user = await db.insertInto('users').values({ name: 'Old', email: 'old@example.com', password_hash: 'x', created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      const sessionIds = [randomUUID(), randomUUID()];
      for (const id of sessionIds) await db.insertInto('sessions').values({ id, user_id: user.id, created_at: now, expires_at: now + 86_400_000 }).execute();

      await migrate(handle);
      const stored = await db.selectFrom('sessions').select('id').execute();
      expect(stored.map((r: { id: string }) => r.id).sort()).toEqual(sessionIds.map(sha256).sort());
      const { app, deps } = await buildApp({ config: testConfig({ seedDemo: false }), database: handle, mailer: new CapturingMailer(), logger: false });
      try {
        const token = await signToken(deps.jwtSecret, { userId: Number(user.id), sessionId: sessionIds[0]! }, now, now + 86_400_000);
        expect((await call(app, { method: 'GET', url: me, token })).data).toMatchObject({ id: Number(user.id), email: 'old@example.com' });
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
    }
  });
});
