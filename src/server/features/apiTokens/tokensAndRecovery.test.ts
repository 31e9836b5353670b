import type { FastifyInstance } from 'fastify';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { twoProcessesOnPostgres } from '../../platform/sessions/testing/twoProcesses';
import { PASSWORD, signUpViaApi } from '../accounts/testing/accountsTestKit';
import { resetPasswordByEmail } from '../accounts/adminAccounts';

/**
 * Recovering an account ends every personal API token a hijacker may have minted: a password reset, a reset by the
 * operator and a disabled account (enabled again later) each revoke them; the owner may revoke them all with a
 * password change; and every new token is mailed to the account's address.
 */

const NEW_PASSWORD = 'a brand new passphrase';
const leagues = (app: FastifyInstance, token: string) => call(app, { method: 'GET', url: '/api/v1/en/leagues/index', token });

async function mintToken(app: FastifyInstance, session: string, name = 'Hijack bot'): Promise<string> {
  const created = await call(app, {
    method: 'POST', url: '/api/v1/en/users/api_tokens', token: session,
    payload: { name, scope: 'bet', expires_at: '2027-05-01T00:00:00.000Z' },
  });
  expect(created.statusCode).toBe(200);
  return created.data.token as string;
}

async function resetByMail(t: TestApp, email: string): Promise<number> {
  await call(t.app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email } } });
  const mail = t.mailer.sent.filter((m) => m.to === email && m.text.includes('reset_password_token=')).at(-1)!;
  const token = /reset_password_token=([\w-]+)/.exec(mail.text)![1]!;
  const res = await call(t.app, {
    method: 'PUT', url: '/api/v1/users/password',
    payload: { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: token } },
  });
  return res.statusCode;
}

const tokensOf = (t: TestApp, userId: number) => t.deps.db.selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute();

describeEachDb('personal API tokens and account recovery', (ctx) => {
  it('a password reset by email revokes every token', async () => {
    const t = ctx();
    const ana = await signUpViaApi(t.app);
    const token = await mintToken(t.app, ana.token);
    expect((await leagues(t.app, token)).statusCode).toBe(200);
    expect(await resetByMail(t, ana.email)).toBe(200);
    expect((await leagues(t.app, token)).statusCode).toBe(401);
    expect(await tokensOf(t, ana.id)).toEqual([]);
  });

  it("the operator's reset-password revokes every token", async () => {
    const t = ctx();
    const ana = await signUpViaApi(t.app);
    const token = await mintToken(t.app, ana.token);
    await resetPasswordByEmail(t.deps.db, { email: ana.email, password: NEW_PASSWORD }, t.deps.config.scryptCost, t.clock);
    expect((await leagues(t.app, token)).statusCode).toBe(401);
    expect(await tokensOf(t, ana.id)).toEqual([]);
  });

  it('a disabled account enabled again gets none of its tokens back', async () => {
    const t = ctx();
    const ana = await signUpViaApi(t.app);
    const admin = await createUserWithToken(t.deps, { name: 'Root', is_admin: true });
    const token = await mintToken(t.app, ana.token);
    for (const step of ['disable', 'enable']) {
      const res = await call(t.app, { method: 'POST', url: `/api/v1/en/admin/users/${ana.id}/${step}`, token: admin.token });
      expect(res.statusCode).toBe(200);
    }
    expect((await leagues(t.app, token)).statusCode).toBe(401);
    expect(await tokensOf(t, ana.id)).toEqual([]);
  });

  it('a password change revokes every token only when asked to', async () => {
    const t = ctx();
    const ana = await signUpViaApi(t.app);
    const kept = await mintToken(t.app, ana.token);
    const change = (body: object) => call(t.app, {
      method: 'PUT', url: '/api/v1/users', token: ana.token, payload: { api_v1_user: { current_password: PASSWORD, ...body } },
    });
    expect((await change({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await leagues(t.app, kept)).statusCode).toBe(200);
    const wrong = await change({ current_password: 'not the password', revoke_api_tokens: true });
    expect(wrong.statusCode).toBe(400);
    expect((await leagues(t.app, kept)).statusCode).toBe(200);
    expect((await call(t.app, {
      method: 'PUT', url: '/api/v1/users', token: ana.token, payload: { api_v1_user: { current_password: NEW_PASSWORD, revoke_api_tokens: true } },
    })).statusCode).toBe(200);
    expect((await leagues(t.app, kept)).statusCode).toBe(401);
    expect(await tokensOf(t, ana.id)).toEqual([]);
  });

  it('mails the owner of the account each new token, in their language, without its value', async () => {
    const t = ctx();
    const eva = await signUpViaApi(t.app, { name: 'Eva', email: 'eva@example.com', locale: 'es' });
    const token = await mintToken(t.app, eva.token, 'Bot de Eva');
    await new Promise((resolve) => setImmediate(resolve));
    const mails = t.mailer.sent.filter((m) => m.subject.includes('token de API'));
    expect(mails).toEqual([expect.objectContaining({ to: 'eva@example.com', kind: 'api_token', subject: 'Se ha creado un token de API personal en tu cuenta de Porra' })]);
    expect(mails[0]!.text).toContain('"Bot de Eva" que puede leer tus ligas y apostar por ti');
    expect(mails[0]!.text).toContain('/users/api_tokens');
    expect(mails[0]!.text).not.toContain(token);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('a token revoked by disabling its account is refused by every process', () => {
  const processes = twoProcessesOnPostgres();

  it('within a second', async () => {
    const { one, other } = processes();
    const ana = await signUpViaApi(one.app);
    const admin = await createUserWithToken(one.deps, { name: 'Root', is_admin: true });
    const token = await mintToken(one.app, ana.token);
    expect((await leagues(other.app, token)).statusCode).toBe(200); // now cached in the other process
    const disabled = await call(one.app, { method: 'POST', url: `/api/v1/en/admin/users/${ana.id}/disable`, token: admin.token });
    expect(disabled.statusCode).toBe(200);
    const enabled = await call(one.app, { method: 'POST', url: `/api/v1/en/admin/users/${ana.id}/enable`, token: admin.token });
    expect(enabled.statusCode).toBe(200);
    const started = Date.now();
    while ((await leagues(other.app, token)).statusCode !== 401) {
      if (Date.now() - started > 1000) throw new Error('the other process still accepts the token of a disabled account');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
