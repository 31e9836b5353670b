import { call, describeEachDb } from '../../testing/harness';
import { accountState, createLeague, esHeaders, ownerOf, PASSWORD, signInViaApi, signUpViaApi } from './testing/accountsTestKit';

const NEW_PASSWORD = 'a brand new secret';

describeEachDb('update account', (ctx) => {
  const update = (token: string, user: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(ctx().app, { method: 'PUT', url: '/api/v1/users', token, headers, payload: { api_v1_user: user } });

  it('changes name, email, locale and reminders, and answers the user', async () => {
    const ana = await signUpViaApi(ctx().app);
    const res = await update(ana.token, {
      name: 'Ana B.', email: ' AnaB@Example.com', current_password: PASSWORD, email_reminders: true, locale: 'es', password: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ id: ana.id, name: 'Ana B.', email: 'anab@example.com', is_admin: false, email_verified: false, email_reminders: true, locale: 'es', ranking_hidden: false });
    // Blank password: unchanged.
    expect((await signInViaApi(ctx().app, 'anab@example.com', PASSWORD)).statusCode).toBe(200);
    const me = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: ana.token });
    expect(me.data).toMatchObject({ name: 'Ana B.', email_reminders: true });
  });

  it('opts out of the overall rankings and back in, and users/index tells the account form which', async () => {
    const ana = await signUpViaApi(ctx().app);
    const me = async () => (await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: ana.token })).data;
    expect(await me()).toMatchObject({ ranking_hidden: false });
    const hidden = await update(ana.token, { ranking_hidden: true, current_password: PASSWORD });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.data).toMatchObject({ ranking_hidden: true });
    expect(await me()).toMatchObject({ ranking_hidden: true });
    expect((await update(ana.token, { ranking_hidden: false, current_password: PASSWORD })).data).toMatchObject({ ranking_hidden: false });
    expect(await me()).toMatchObject({ ranking_hidden: false });
  });

  it('a new password keeps this session and revokes the others', async () => {
    const ana = await signUpViaApi(ctx().app);
    const phone = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD);
    const res = await update(ana.token, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const me = (token: string) => call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token });
    expect((await me(ana.token)).data.id).toBe(ana.id);
    expect((await me(phone.data.token)).data.id).toBe(-1);
    const revoked = await call(ctx().app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: phone.data.token, headers: esHeaders });
    expect(revoked.statusCode).toBe(401);
    expect((await signInViaApi(ctx().app, 'ana@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await signInViaApi(ctx().app, 'ana@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['a wrong current password', { name: 'X', current_password: 'wrong one!' }, { current_password: ['no es correcta'] }],
    ['a short new password', { password: 'short', current_password: PASSWORD }, { password: ['8 caracteres mínimo'] }],
    ['a mismatched confirmation', { password: NEW_PASSWORD, password_confirmation: 'other thing', current_password: PASSWORD },
      { password_confirmation: ['no coincide con la contraseña'] }],
    ['a blank name', { name: '  ', current_password: PASSWORD }, { name: ['no puede estar en blanco'] }],
    ['an invalid email', { email: 'nope', current_password: PASSWORD }, { 'api_v1_user.email': ['no es una dirección de email válida'] }],
  ])('refuses %s with a translated field error and changes nothing', async (_label, user, errors) => {
    const ana = await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const res = await update(ana.token, user, esHeaders);
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'La petición no es válida', errors });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it("refuses another account's email", async () => {
    await signUpViaApi(ctx().app, { email: 'bob@example.com', name: 'Bob' });
    const ana = await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const res = await update(ana.token, { email: 'BOB@example.com', current_password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'The request is not valid', errors: { email: ['has already been taken'] } });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it.each([
    ['no current password', { name: 'X' }],
    ['an extra field', { current_password: PASSWORD, is_admin: true }],
    ['a boolean as text', { current_password: PASSWORD, email_reminders: 'yes' }],
    ['a 101-character name', { current_password: PASSWORD, name: 'n'.repeat(101) }],
    ['a number for the email', { current_password: PASSWORD, email: 7 }],
  ])('refuses %s with a 400 and changes nothing', async (_label, user) => {
    const ana = await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const res = await update(ana.token, user);
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('The request is not valid');
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('refuses a signed-out or revoked caller with a translated 401', async () => {
    const ana = await signUpViaApi(ctx().app);
    await call(ctx().app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: ana.token });
    const before = await accountState(ctx().deps);
    const revoked = await update(ana.token, { name: 'X', current_password: PASSWORD }, esHeaders);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.data.error).toBe('Se ha producido un error al intentar autenticarte. Vuelve a iniciar sesión');
    const anonymous = await call(ctx().app, { method: 'PUT', url: '/api/v1/users', payload: { api_v1_user: { current_password: PASSWORD } } });
    expect(anonymous.statusCode).toBe(401);
    expect(await accountState(ctx().deps)).toEqual(before);
  });
});

describeEachDb('delete account', (ctx) => {
  const remove = (token: string, currentPassword: unknown, headers: Record<string, string> = {}) =>
    call(ctx().app, { method: 'DELETE', url: '/api/v1/users', token, headers, payload: { api_v1_user: { current_password: currentPassword } } });

  it('hands owned leagues to the earliest-joined member, deletes lonely ones, and removes the user everywhere', async () => {
    const deps = ctx().deps;
    const ana = await signUpViaApi(ctx().app);
    const bob = await signUpViaApi(ctx().app, { name: 'Bob', email: 'bob@example.com' });
    const cid = await signUpViaApi(ctx().app, { name: 'Cid', email: 'cid@example.com' });
    const t = deps.clock.now();
    const shared = await createLeague(deps, ana.id, [{ userId: ana.id, joinedAt: t }, { userId: cid.id, joinedAt: t + 2 }, { userId: bob.id, joinedAt: t + 1 }]);
    const lonely = await createLeague(deps, ana.id, [{ userId: ana.id, joinedAt: t }]);
    const bobs = await createLeague(deps, bob.id, [{ userId: bob.id, joinedAt: t }, { userId: ana.id, joinedAt: t + 5 }]);

    const res = await remove(ana.token, PASSWORD, esHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Tu cuenta ha sido eliminada' });
    expect(await ownerOf(deps, shared)).toBe(bob.id);
    expect(await ownerOf(deps, lonely)).toBeUndefined();
    expect(await ownerOf(deps, bobs)).toBe(bob.id);
    const state = await accountState(deps);
    expect(state.users.map((u) => u.id)).toEqual([bob.id, cid.id]);
    expect(state.members.filter((m) => m.user_id === ana.id)).toEqual([]);
    expect(state.sessions.filter((s) => s.user_id === ana.id)).toEqual([]);
    const me = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: ana.token });
    expect(me.data.id).toBe(-1);
    expect((await signInViaApi(ctx().app, 'ana@example.com', PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ['a wrong password', 'not my password', 400],
    ['a numeric password', 12345678, 400],
  ])('refuses %s and keeps the account and its leagues', async (_label, password, status) => {
    const ana = await signUpViaApi(ctx().app);
    await createLeague(ctx().deps, ana.id, [{ userId: ana.id, joinedAt: 1 }]);
    const before = await accountState(ctx().deps);
    const res = await remove(ana.token, password);
    expect(res.statusCode).toBe(status);
    expect(res.data.error).toBe('The request is not valid');
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('never deletes the last enabled admin, even when two admins delete themselves at once', async () => {
    const deps = ctx().deps;
    const ana = await signUpViaApi(ctx().app);
    const bob = await signUpViaApi(ctx().app, { name: 'Bob', email: 'bob@example.com' });
    await deps.db.updateTable('users').set({ is_admin: 1 }).where('id', 'in', [ana.id, bob.id]).execute();
    const both = await Promise.all([remove(ana.token, PASSWORD, esHeaders), remove(bob.token, PASSWORD, esHeaders)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((res) => res.statusCode === 409)!;
    expect(refused.data.error).toBe('Tiene que quedar al menos un administrador global activo: esto no dejaría ninguno');
    const left = await accountState(deps);
    expect(left.users.map((u) => u.is_admin)).toEqual([1]);
    // The last one is refused alone too, and keeps everything.
    const last = left.users[0]!.id === ana.id ? ana : bob;
    expect((await remove(last.token, PASSWORD)).statusCode).toBe(409);
    expect(await accountState(deps)).toEqual(left);
    // A disabled admin does not count; once enabled, the other admin may go.
    const cid = await signUpViaApi(ctx().app, { name: 'Cid', email: 'cid@example.com' });
    await deps.db.updateTable('users').set({ is_admin: 1, disabled_at: deps.clock.now() }).where('id', '=', cid.id).execute();
    expect((await remove(last.token, PASSWORD)).statusCode).toBe(409);
    await deps.db.updateTable('users').set({ disabled_at: null }).where('id', '=', cid.id).execute();
    expect((await remove(last.token, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a body without the password or with extra fields', async () => {
    const ana = await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    for (const payload of [{}, { api_v1_user: {} }, { api_v1_user: { current_password: PASSWORD, force: true } }]) {
      const res = await call(ctx().app, { method: 'DELETE', url: '/api/v1/users', token: ana.token, payload });
      expect(res.statusCode).toBe(400);
    }
    expect(await accountState(ctx().deps)).toEqual(before);
  });
});
