import { randomUUID } from 'node:crypto';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { insertSession } from '../../platform/sessions/sessionsRepository';
import { signToken } from '../../platform/sessions/tokens';
import { createUserWithToken } from '../../testing/fixtures';
import { reminderWorld } from '../../platform/push/testing/reminderWorld';
import { disableUser, setAdmin } from './adminUsersService';

const api = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;
const PASSWORD = 'correct horse battery';

/** A real account (sign-up), so it can sign in with a password. */
async function signUp(t: TestApp, name: string, email: string) {
  const res = await call(t.app, { method: 'POST', url: '/api/v1/users', payload: { api_v1_user: { name, email, password: PASSWORD, password_confirmation: PASSWORD } } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { id: res.data.id as number, token: res.data.token as string, email };
}

const signIn = (t: TestApp, email: string, locale = 'en') =>
  call(t.app, { method: 'POST', url: '/api/v1/users/sign_in', headers: { 'accept-language': locale }, payload: { api_v1_user: { email, password: PASSWORD } } });
const me = async (t: TestApp, token: string) => (await call(t.app, { method: 'GET', url: api('/users/index'), token })).data;
const post = (t: TestApp, path: string, token: string, payload?: object) =>
  call(t.app, { method: 'POST', url: api(path), token, ...(payload && { payload }) });

describeEachDb('admin console: users', (ctx) => {
  it('finds users by part of their name or email, any case, with leagues, verification and last sign-in', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const ana = await signUp(t, 'Ana García', 'ana@example.com');
    await createUserWithToken(t.deps, { name: 'Bob 100%', email: 'bob@example.org', email_verified: true });
    await call(t.app, { method: 'POST', url: api('/leagues'), token: ana.token, payload: { league: { name: 'Oficina', competition_id: 1 } } });
    t.clock.advance(60_000);
    expect((await signIn(t, 'ana@example.com')).statusCode).toBe(200);

    const found = await call(t.app, { method: 'GET', url: api('/admin/users?search=GARC'), token: root.token });
    expect(found.data).toMatchObject({ total: 1, page: 1 });
    expect(found.data.users[0]).toMatchObject({
      id: ana.id, name: 'Ana García', email: 'ana@example.com', is_admin: false, email_verified: false, disabled: false,
      last_sign_in_at: new Date(t.clock.now()).toISOString(),
    });
    expect((await call(t.app, { method: 'GET', url: api('/admin/users?search=example.org'), token: root.token })).data.users.map((u: { name: string }) => u.name)).toEqual(['Bob 100%']);
    // LIKE wildcards in the search are literal.
    expect((await call(t.app, { method: 'GET', url: api('/admin/users?search=%25'), token: root.token })).data.users.map((u: { name: string }) => u.name)).toEqual(['Bob 100%']);
    const all = await call(t.app, { method: 'GET', url: api('/admin/users?per_page=2&page=2'), token: root.token });
    expect(all.data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(all.data.users).toHaveLength(1);
  });

  it('last sign-in follows every session opened: sign-up, a password sign-in, a completed password reset', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const lastSignIn = async () => (await call(t.app, { method: 'GET', url: api('/admin/users?search=ana@'), token: root.token })).data.users[0].last_sign_in_at;
    await signUp(t, 'Ana', 'ana@example.com');
    expect(await lastSignIn()).toBe(new Date(t.clock.now()).toISOString());
    t.clock.advance(60_000);
    await signIn(t, 'ana@example.com');
    expect(await lastSignIn()).toBe(new Date(t.clock.now()).toISOString());
    t.clock.advance(60_000);
    await call(t.app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
    await new Promise((resolve) => setImmediate(resolve));
    const link = t.mailer.sent.find((mail) => mail.kind === 'password_reset')!.text.match(/reset_password_token=(\S+)/)![1];
    t.clock.advance(60_000);
    const reset = await call(t.app, { method: 'PUT', url: '/api/v1/users/password', payload: { api_v1_user: { password: 'another password', password_confirmation: 'another password', reset_password_token: link } } });
    expect(reset.statusCode).toBe(200);
    expect(await lastSignIn()).toBe(new Date(t.clock.now()).toISOString());
  });

  it('disables an account: its sessions end at once and it cannot sign in nor reset its password; enabling lets it back', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const ana = await signUp(t, 'Ana', 'ana@example.com');
    // The session is cached (SESSION_CACHE_SECONDS): disabling must not wait for the cache.
    expect((await me(t, ana.token)).id).toBe(ana.id);

    const disabled = await post(t, `/admin/users/${ana.id}/disable`, root.token);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.data).toMatchObject({ message: 'Account of Ana disabled: its sessions have ended', user: { id: ana.id, disabled: true } });
    expect((await me(t, ana.token)).id).toBe(-1);
    expect(await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', ana.id).execute()).toEqual([]);
    // A session opened by a sign-in that raced the disable (its password check passed just before) is refused too.
    const racing = randomUUID();
    await insertSession(t.deps.db, { id: racing, user_id: ana.id, created_at: t.clock.now(), expires_at: t.clock.now() + 86_400_000 });
    const racingToken = await signToken(t.deps.jwtSecret, { userId: ana.id, sessionId: racing }, t.clock.now(), t.clock.now() + 86_400_000);
    expect((await me(t, racingToken)).id).toBe(-1);
    const refused = await signIn(t, 'ana@example.com', 'es');
    expect(refused.statusCode).toBe(401);
    expect(refused.data.error).toBe('Esta cuenta está desactivada. Ponte en contacto con los administradores del sitio');

    // A reset link mailed before the account was disabled does not let it back in either.
    await call(t.app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
    await new Promise((resolve) => setImmediate(resolve));
    const link = t.mailer.sent.find((mail) => mail.kind === 'password_reset')!.text.match(/reset_password_token=(\S+)/)![1];
    const reset = await call(t.app, { method: 'PUT', url: '/api/v1/users/password', payload: { api_v1_user: { password: 'another password', password_confirmation: 'another password', reset_password_token: link } } });
    expect(reset.statusCode).toBe(400);
    expect((await signIn(t, 'ana@example.com')).statusCode).toBe(401);

    const enabled = await post(t, `/admin/users/${ana.id}/enable`, root.token);
    expect(enabled.data.user).toMatchObject({ disabled: false, disabled_at: null });
    expect((await signIn(t, 'ana@example.com')).statusCode).toBe(200);
    const audit = await call(t.app, { method: 'GET', url: api('/admin/audit'), token: root.token });
    expect(audit.data.entries.map((e: { action: string; entity_id: number; actor: { id: number } }) => [e.action, e.entity_id, e.actor.id]))
      .toEqual([['enable_user', ana.id, root.id], ['disable_user', ana.id, root.id]]);
  });

  it('a disabled account gets no reminders', async () => {
    const t = ctx();
    const world = await reminderWorld(t);
    const root = await createUserWithToken(t.deps, { is_admin: true });
    await post(t, `/admin/users/${world.ana.id}/disable`, root.token);
    const res = await post(t, '/update/notify', root.token);
    expect(res.data).toMatchObject({ notified: 1 });
    expect(t.mailer.sent.filter((mail) => mail.kind === 'reminder').map((mail) => mail.to)).toEqual([world.carla.email]);
  });

  it('never disables your own account nor leaves the site without an enabled admin', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const other = await createUserWithToken(t.deps, { is_admin: true, name: 'Other' });
    const self = await post(t, `/admin/users/${root.id}/disable`, root.token);
    expect(self.statusCode).toBe(409);
    expect(self.data.error).toBe('You cannot disable your own account');

    expect((await post(t, `/admin/users/${other.id}/disable`, root.token)).statusCode).toBe(200);
    const last = await post(t, `/admin/users/${root.id}/admin`, root.token, { admin: false });
    expect(last.statusCode).toBe(409);
    expect(last.data.error).toBe('There must be at least one enabled global admin: this would leave none');
    // A disabled admin does not count: enabling it again lets the first one step down.
    await post(t, `/admin/users/${other.id}/enable`, root.token);
    const demoted = await post(t, `/admin/users/${root.id}/admin`, root.token, { admin: false });
    expect(demoted.data).toMatchObject({ message: 'Root is no longer a global admin', user: { is_admin: false } });
    // The change reaches the demoted admin's next request (the session cache forgets the user).
    expect((await post(t, `/admin/users/${other.id}/admin`, root.token, { admin: false })).statusCode).toBe(403);
    expect((await me(t, root.token)).is_admin).toBe(false);
    // (The disable ended Other's sessions: a third admin promotes Root back.)
    const third = await createUserWithToken(t.deps, { is_admin: true, name: 'Third' });
    const promoted = await post(t, `/admin/users/${root.id}/admin`, third.token, { admin: true });
    expect(promoted.data).toMatchObject({ message: 'Root is now a global admin', user: { is_admin: true } });
    expect((await post(t, `/admin/users/999999/admin`, root.token, { admin: true })).statusCode).toBe(404);
  });

  it('two admins demoting or disabling each other at once leave one enabled admin', async () => {
    const t = ctx();
    for (let round = 0; round < 5; round += 1) {
      const a = await createUserWithToken(t.deps, { is_admin: true, name: `A${round}` });
      const b = await createUserWithToken(t.deps, { is_admin: true, name: `B${round}` });
      // Every other admin steps down first, so a and b are the only ones.
      await t.deps.db.updateTable('users').set({ is_admin: 0 }).where('id', 'not in', [a.id, b.id]).execute();
      const answers = await Promise.all([
        post(t, `/admin/users/${b.id}/admin`, a.token, { admin: false }),
        post(t, `/admin/users/${a.id}/disable`, b.token),
      ]);
      // One wins; the other is refused: 409 when both passed the admin check before either committed, else 401/403
      // because the winner already disabled or demoted its caller.
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 403, 409]).toContain(statuses[1]);
      const admins = await t.deps.db.selectFrom('users').select('id').where('is_admin', '=', 1).where('disabled_at', 'is', null).execute();
      expect(admins).toHaveLength(1);
    }
  });

  it('the admin-set lock orders changes that both passed the admin check (services called directly, always racing)', async () => {
    const t = ctx();
    for (let round = 0; round < 5; round += 1) {
      const a = await createUserWithToken(t.deps, { is_admin: true, name: `A${round}` });
      const b = await createUserWithToken(t.deps, { is_admin: true, name: `B${round}` });
      await t.deps.db.updateTable('users').set({ is_admin: 0 }).where('id', 'not in', [a.id, b.id]).execute();
      const outcomes = await Promise.allSettled([setAdmin(t.deps, a.id, b.id, false), disableUser(t.deps, b.id, a.id)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      const admins = await t.deps.db.selectFrom('users').select('id').where('is_admin', '=', 1).where('disabled_at', 'is', null).execute();
      expect(admins).toHaveLength(1);
    }
  });

  it('mails a fresh verification link or a password-reset link on the user\'s behalf, recorded with who asked', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true, name: 'Root' });
    const ana = await signUp(t, 'Ana', 'ana@example.com');
    await new Promise((resolve) => setImmediate(resolve));
    t.mailer.sent.length = 0;

    const verification = await post(t, `/admin/users/${ana.id}/resend_verification`, root.token);
    expect(verification.data.message).toBe('Verification link sent to ana@example.com');
    const reset = await post(t, `/admin/users/${ana.id}/password_reset`, root.token);
    expect(reset.data.message).toBe('Password-reset link sent to ana@example.com');
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.mailer.sent.map((mail) => [mail.kind, mail.to])).toEqual([['verification', 'ana@example.com'], ['password_reset', 'ana@example.com']]);
    // The mailed verification link works.
    const token = t.mailer.sent[0]!.text.match(/token=(\S+)/)![1];
    expect((await call(t.app, { method: 'POST', url: '/api/v1/users/verify_email', payload: { token } })).statusCode).toBe(200);
    const again = await post(t, `/admin/users/${ana.id}/resend_verification`, root.token);
    expect(again.statusCode).toBe(409);

    await post(t, `/admin/users/${ana.id}/disable`, root.token);
    expect((await post(t, `/admin/users/${ana.id}/password_reset`, root.token)).statusCode).toBe(409);
    const audit = await call(t.app, { method: 'GET', url: api('/admin/audit'), token: root.token });
    expect(audit.data.entries.map((e: { action: string }) => e.action)).toEqual(['disable_user', 'send_password_reset', 'resend_verification']);
  });
});
