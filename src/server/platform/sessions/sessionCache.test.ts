import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { PASSWORD, signInViaApi, signUpViaApi } from '../../features/accounts/testing/accountsTestKit';
import { updateUser } from '../../features/accounts/accountsRepository';
import { SessionCache } from './sessionCache';

const me = (app: Parameters<typeof call>[0], token: string) => call(app, { method: 'GET', url: '/api/v1/en/users/index', token });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('session cache', () => {
  let cache: SessionCache;
  beforeEach(() => { cache = new SessionCache(); });
  let n = 0;
  const session = () => ({ id: `s-${++n}`, userId: n, reads: 0 });
  const lookup = (s: { id: string; userId: number; reads: number }, now = 0, ttl = 60, expiresAt = 1_000) =>
    cache.get(ttl, s.id, s.userId, now, async () => { s.reads += 1; return { id: s.userId, expires_at: expiresAt }; });

  it('belongs to one app: another cache neither serves nor forgets its entries', async () => {
    const s = session();
    await lookup(s);
    const other = new SessionCache();
    other.forgetUser(s.userId);
    await lookup(s);
    expect(s.reads).toBe(1);
    expect(other.peek(60, s.id, s.userId, 0)).toBeUndefined();
  });

  it('reads a session once within its lifetime, and again when turned off', async () => {
    const s = session();
    await lookup(s);
    await lookup(s);
    expect(s.reads).toBe(1);
    await lookup(s, 0, 0);
    expect(s.reads).toBe(2);
  });

  it('reads again once the session itself has expired on the app clock', async () => {
    const s = session();
    await lookup(s, 0);
    await lookup(s, 1_000);
    expect(s.reads).toBe(2);
  });

  it('forgetting a user reads their sessions again and caches nothing for a while', async () => {
    const s = session();
    await lookup(s);
    cache.forgetUser(s.userId);
    await lookup(s);
    await lookup(s);
    expect(s.reads).toBe(3);
  });

  it('forgetting everyone reads every session again once', async () => {
    const [a, b] = [session(), session()];
    await lookup(a);
    await lookup(b);
    cache.forgetEveryone();
    await lookup(a);
    await lookup(b);
    await lookup(a);
    expect([a.reads, b.reads]).toEqual([2, 2]);
  });

  it('does not keep a read that overlapped a forget (the writer may commit after its read)', async () => {
    const s = session();
    const other = session();
    await cache.get(60, s.id, s.userId, 0, async () => {
      s.reads += 1;
      cache.forgetUser(other.userId); // any forget while this read is in flight
      return { id: s.userId, expires_at: 1_000 };
    });
    await lookup(s);
    expect(s.reads).toBe(2);
  });
});

describeEachDb('signed-in callers with the session cache', (ctx) => {
  it('reuses a session check for SESSION_CACHE_SECONDS: another process\'s revocation is seen within it', async () => {
    const { app, deps } = ctx();
    const ana = await createUserWithToken(deps, { name: 'Ana' });
    expect((await me(app, ana.token)).data).toMatchObject({ id: ana.id, name: 'Ana' });
    // Another server process signs her out: its delete does not reach this process's cache.
    await deps.db.deleteFrom('sessions').where('user_id', '=', ana.id).execute();
    expect((await me(app, ana.token)).data.id).toBe(ana.id);
    await sleep(1_100);
    expect((await me(app, ana.token)).data.id).toBe(-1);
  }, 10_000);

  it('revokes at once in the process that signs out, changes the password or deletes the account', async () => {
    const { app } = ctx();
    const ana = await signUpViaApi(app);
    const phone = (await signInViaApi(app, 'ana@example.com', PASSWORD)).data.token as string;
    const laptop = (await signInViaApi(app, 'ana@example.com', PASSWORD)).data.token as string;
    for (const token of [ana.token, phone, laptop]) expect((await me(app, token)).data.id).toBe(ana.id);

    expect((await call(app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: laptop })).statusCode).toBe(200);
    expect((await me(app, laptop)).data.id).toBe(-1);

    const newPassword = 'a brand new secret';
    const changed = await call(app, { method: 'PUT', url: '/api/v1/users', token: ana.token,
      payload: { api_v1_user: { password: newPassword, password_confirmation: newPassword, current_password: PASSWORD } } });
    expect(changed.statusCode).toBe(200);
    expect((await me(app, phone)).data.id).toBe(-1);
    expect((await me(app, ana.token)).data.id).toBe(ana.id);

    const deleted = await call(app, { method: 'DELETE', url: '/api/v1/users', token: ana.token, payload: { api_v1_user: { current_password: newPassword } } });
    expect(deleted.statusCode).toBe(200);
    expect((await me(app, ana.token)).data.id).toBe(-1);
  });

  it('shows changes to the user at once in this process (profile, admin flag)', async () => {
    const { app, deps } = ctx();
    const ana = await signUpViaApi(app);
    expect((await me(app, ana.token)).data).toMatchObject({ name: 'Ana', is_admin: false, email_reminders: true });
    const res = await call(app, { method: 'PUT', url: '/api/v1/users', token: ana.token,
      payload: { api_v1_user: { name: 'Ana B.', email_reminders: false, current_password: PASSWORD } } });
    expect(res.statusCode).toBe(200);
    expect((await me(app, ana.token)).data).toMatchObject({ name: 'Ana B.', email_reminders: false });
    await updateUser(deps.db, deps.sessions, ana.id, { is_admin: 1 }, deps.clock.now());
    expect((await me(app, ana.token)).data).toMatchObject({ is_admin: true });
  });

  it('reads the session on every request when SESSION_CACHE_SECONDS is 0', async () => {
    const { app, deps } = ctx();
    deps.config.sessionCacheSeconds = 0;
    const ana = await createUserWithToken(deps);
    expect((await me(app, ana.token)).data.id).toBe(ana.id);
    await deps.db.deleteFrom('sessions').where('user_id', '=', ana.id).execute();
    expect((await me(app, ana.token)).data.id).toBe(-1);
  });
}, { config: { sessionCacheSeconds: 1 } });

/** Every production writer of `users` or `sessions` rows must drop cached callers (or a change would go unseen). */
describe('writers of users and sessions rows', () => {
  const root = join(__dirname, '../..');
  const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
  const WRITES = /(updateTable|deleteFrom)\(\s*['"](users|sessions)['"]|\b(UPDATE|DELETE FROM)\s+"?(users|sessions)\b/;
  const production = files(root).filter((path) => path.endsWith('.ts') && !/(\.test|TestKit|Fixtures?|fixtures)\.ts$|\/test(ing)?\//.test(path)
    && !path.includes('/migrations/'));

  it('call forgetUserEverywhere in the same file', () => {
    const writers = production.filter((path) => WRITES.test(readFileSync(path, 'utf8')));
    expect(writers.length).toBeGreaterThan(0);
    // A writer of the name sort keys alone changes nothing a cached caller holds (its name comes from the account's
    // writer, which forgets the caller itself).
    const onlySortKeys = (path: string) => readFileSync(path, 'utf8').split('\n')
      .filter((line) => WRITES.test(line)).every((line) => /name_key_en/.test(line));
    const silent = writers.filter((path) => !/forgetUserEverywhere\(/.test(readFileSync(path, 'utf8')) && !onlySortKeys(path));
    expect(silent.map((path) => relative(root, path))).toEqual([]);
  });
});
