import { call, describeEachDb } from '../../testing/harness';
import { AdminAccountError, createOrPromoteAdmin } from './adminAccounts';
import { PASSWORD, signInViaApi, signUpViaApi, verificationTokenFor } from './testing/accountsTestKit';

describeEachDb('create-admin', (ctx) => {
  const cost = () => ctx().deps.config.scryptCost;

  it('creates an admin who can sign in', async () => {
    const result = await createOrPromoteAdmin(ctx().deps.db, { email: ' Root@Example.com', password: PASSWORD, name: 'Root' }, cost(), ctx().clock);
    expect(result.created).toBe(true);
    const res = await signInViaApi(ctx().app, 'root@example.com', PASSWORD);
    expect(res.data).toMatchObject({ id: result.id, name: 'Root', is_admin: true });
  });

  it('names the admin after the email when no name is given', async () => {
    const { id } = await createOrPromoteAdmin(ctx().deps.db, { email: 'ops@example.com', password: PASSWORD }, cost(), ctx().clock);
    const row = await ctx().deps.db.selectFrom('users').select('name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.name).toBe('ops');
  });

  it('promotes an existing user and sets the password given', async () => {
    const ana = await signUpViaApi(ctx().app);
    const result = await createOrPromoteAdmin(ctx().deps.db, { email: 'ana@example.com', password: 'new admin password' }, cost(), ctx().clock);
    expect(result).toEqual({ id: ana.id, created: false });
    expect((await signInViaApi(ctx().app, 'ana@example.com', PASSWORD)).statusCode).toBe(401);
    const res = await signInViaApi(ctx().app, 'ana@example.com', 'new admin password');
    expect(res.data).toMatchObject({ id: ana.id, name: 'Ana', is_admin: true });
    expect(await ctx().deps.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('counts the address as verified and kills the links mailed before the new password', async () => {
    const ana = await signUpViaApi(ctx().app);
    const link = verificationTokenFor(ctx().mailer.sent, 'ana@example.com');
    await createOrPromoteAdmin(ctx().deps.db, { email: 'ana@example.com', password: 'new admin password' }, cost(), ctx().clock);
    const me = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: ana.token });
    expect(me.data).toMatchObject({ is_admin: true, email_verified: true });
    expect(await ctx().deps.db.selectFrom('email_verifications').select('used_at').execute()).toEqual([{ used_at: ctx().clock.now() }]);
    // The killed link confirms nothing more; the address it names is confirmed, so it says just that.
    const again = await call(ctx().app, { method: 'POST', url: '/api/v1/users/verify_email', payload: { token: link } });
    expect([again.statusCode, again.data.already_verified]).toEqual([200, true]);
  });

  it('refuses a bad email or a short password with a readable message, creating nobody', async () => {
    await expect(createOrPromoteAdmin(ctx().deps.db, { email: 'nope', password: 'short' }, cost(), ctx().clock))
      .rejects.toThrow(new AdminAccountError('email: is invalid; password: 8 characters minimum'));
    expect(await ctx().deps.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
