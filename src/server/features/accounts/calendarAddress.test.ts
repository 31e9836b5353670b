import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { createOrPromoteAdmin, resetPasswordByEmail } from './adminAccounts';
import { PASSWORD, signInViaApi, signUpViaApi } from './testing/accountsTestKit';

const NEW_PASSWORD = 'a brand new secret';

async function calendarUrl(t: TestApp, token: string): Promise<string> {
  const res = await call(t.app, { method: 'GET', url: '/api/v1/en/users/index', token });
  return res.data.calendar_url as string;
}

const feedStatus = async (t: TestApp, url: string) => (await call(t.app, { method: 'GET', url: new URL(url).pathname })).statusCode;

/** Whoever held the account (or a leaked calendar address) before it was taken back keeps no working address. */
describeEachDb('the calendar address is replaced when an account is taken back', (ctx) => {
  it('by a password change, but not by other account changes', async () => {
    const t = ctx();
    const ana = await signUpViaApi(t.app);
    const first = await calendarUrl(t, ana.token);
    const update = (user: Record<string, unknown>) => call(t.app, { method: 'PUT', url: '/api/v1/users', token: ana.token, payload: { api_v1_user: user } });
    expect((await update({ name: 'Ana B.', current_password: PASSWORD, password: '' })).statusCode).toBe(200);
    expect(await calendarUrl(t, ana.token)).toBe(first);
    expect((await update({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, current_password: PASSWORD })).statusCode).toBe(200);
    const second = await calendarUrl(t, ana.token);
    expect(second).not.toBe(first);
    expect(await feedStatus(t, first)).toBe(404);
    expect(await feedStatus(t, second)).toBe(200);
  });

  it('by a password reset, through the emailed link or the operator\'s command', async () => {
    const t = ctx();
    const ana = await signUpViaApi(t.app);
    const first = await calendarUrl(t, ana.token);
    await call(t.app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: ana.email } } });
    const link = /reset_password_token=([\w-]+)/.exec(t.mailer.sent.filter((m) => m.kind === 'password_reset').at(-1)!.text)![1]!;
    const reset = await call(t.app, { method: 'PUT', url: '/api/v1/users/password',
      payload: { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: link } } });
    expect(reset.statusCode).toBe(200);
    const second = await calendarUrl(t, reset.data.token);
    expect(second).not.toBe(first);
    expect(await feedStatus(t, first)).toBe(404);
    expect(await feedStatus(t, second)).toBe(200);

    // The commands run in a process of their own: the server reads the new generation once its cache expires.
    const generation = async () => Number((await t.deps.db.selectFrom('calendar_feeds').select('generation')
      .where('user_id', '=', ana.id).executeTakeFirstOrThrow()).generation);
    const before = await generation();
    await resetPasswordByEmail(t.deps.db, { email: ana.email, password: PASSWORD }, t.deps.config.scryptCost, t.clock);
    expect(await feedStatus(t, second)).toBe(404);
    expect(await generation()).toBe(before + 1);
    await createOrPromoteAdmin(t.deps.db, { email: ana.email, password: NEW_PASSWORD }, t.deps.config.scryptCost, t.clock);
    expect(await generation()).toBe(before + 2);
  });

  it('by re-enabling a disabled account', async () => {
    const t = ctx();
    const root = await createUserWithToken(t.deps, { is_admin: true });
    const ana = await signUpViaApi(t.app);
    const first = await calendarUrl(t, ana.token);
    const admin = (action: string) => call(t.app, { method: 'POST', url: `/api/v1/en/admin/users/${ana.id}/${action}`, token: root.token });
    expect((await admin('disable')).statusCode).toBe(200);
    expect(await feedStatus(t, first)).toBe(404);
    expect((await admin('enable')).statusCode).toBe(200);
    expect(await feedStatus(t, first)).toBe(404);
    const signedIn = await signInViaApi(t.app, ana.email, PASSWORD);
    const second = await calendarUrl(t, signedIn.data.token);
    expect(second).not.toBe(first);
    expect(await feedStatus(t, second)).toBe(200);
  });
});
