import { call, describeEachDb } from '../../testing/harness';
import { accountState, esHeaders, PASSWORD, signInViaApi, signUpViaApi } from './testing/accountsTestKit';

const NEW_PASSWORD = 'a brand new secret';
const HOUR = 3_600_000;

describeEachDb('password reset', (ctx) => {
  const request = (email: string, origin?: string, headers: Record<string, string> = {}) =>
    call(ctx().app, { method: 'POST', url: '/api/v1/users/password', headers, payload: { api_v1_user: { email }, ...(origin !== undefined && { origin }) } });
  const reset = (token: string, password = NEW_PASSWORD, confirmation = password, headers: Record<string, string> = {}) =>
    call(ctx().app, { method: 'PUT', url: '/api/v1/users/password', headers,
      payload: { api_v1_user: { password, password_confirmation: confirmation, reset_password_token: token } } });
  // Sign-up also mails a verification link: these tests look at the reset emails only.
  const resetMails = () => ctx().mailer.sent.filter((m) => m.text.includes('reset_password_token='));
  const tokenFromMail = (index = -1) => {
    const mail = resetMails().at(index)!;
    return /reset_password_token=([\w-]+)/.exec(mail.text)![1]!;
  };

  it('falls back to the app origin when the requested one is not allowed', async () => {
    await signUpViaApi(ctx().app);
    await request('ana@example.com', 'https://evil.example.com');
    await request('ana@example.com', 'not a url');
    await request('ana@example.com');
    expect(resetMails().map((m) => /https?:\/\/[^/]+/.exec(m.text)![0]))
      .toEqual(Array(3).fill(ctx().deps.config.appOrigin));
  });

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    await signUpViaApi(ctx().app);
    const known = await request('ana@example.com', undefined, esHeaders);
    const unknown = await request('nobody@example.com', undefined, esHeaders);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.data).toEqual(known.data);
    expect(known.data.message).toBe('Si ese email está registrado recibirás en unos minutos las instrucciones para cambiar tu contraseña');
    expect(resetMails()).toHaveLength(1);
  });

  it('gives the same answer when the email cannot be sent', async () => {
    await signUpViaApi(ctx().app);
    ctx().deps.mailer = { send: () => Promise.reject(new Error('SMTP down')) };
    const res = await request('ana@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('If that email is registered you will receive instructions to reset your password in a few minutes');
  });

  it('sets the new password, revokes every session, signs in, and works only once', async () => {
    const ana = await signUpViaApi(ctx().app);
    const other = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD);
    await request('ana@example.com');
    const token = tokenFromMail();
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ id: ana.id, email: 'ana@example.com' });
    expect(res.headers.authorization).toBe(`Bearer ${res.data.token}`);
    const me = (t: string) => call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: t });
    expect((await me(ana.token)).data.id).toBe(-1);
    expect((await me(other.data.token)).data.id).toBe(-1);
    expect((await me(res.data.token)).data.id).toBe(ana.id);
    expect((await signInViaApi(ctx().app, 'ana@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await signInViaApi(ctx().app, 'ana@example.com', NEW_PASSWORD)).statusCode).toBe(200);

    const before = await accountState(ctx().deps);
    const reused = await reset(token, 'yet another one', 'yet another one', esHeaders);
    expect(reused.statusCode).toBe(400);
    expect(reused.data).toEqual({ error: 'El enlace para cambiar la contraseña no es válido o ha caducado' });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('a newer reset uses up the older links too', async () => {
    await signUpViaApi(ctx().app);
    await request('ana@example.com');
    await request('ana@example.com');
    const first = tokenFromMail(0);
    expect((await reset(tokenFromMail(1))).statusCode).toBe(200);
    expect((await reset(first)).statusCode).toBe(400);
  });

  it('refuses an expired token (after one hour) and changes nothing', async () => {
    await signUpViaApi(ctx().app);
    await request('ana@example.com');
    ctx().clock.advance(HOUR + 1);
    const before = await accountState(ctx().deps);
    const res = await reset(tokenFromMail());
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'The password reset link is not valid or has expired' });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('refuses a made-up token', async () => {
    await signUpViaApi(ctx().app);
    const res = await reset('x'.repeat(43));
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('The password reset link is not valid or has expired');
  });

  it.each([
    ['a short password', 'short', 'short', { password: ['8 caracteres mínimo'] }],
    ['a mismatched confirmation', NEW_PASSWORD, 'different thing', { password_confirmation: ['no coincide con la contraseña'] }],
  ])('refuses %s and keeps the token usable', async (_label, password, confirmation, errors) => {
    await signUpViaApi(ctx().app);
    await request('ana@example.com');
    const before = await accountState(ctx().deps);
    const res = await reset(tokenFromMail(), password, confirmation, esHeaders);
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'La petición no es válida', errors });
    expect(await accountState(ctx().deps)).toEqual(before);
    expect((await reset(tokenFromMail())).statusCode).toBe(200);
  });

  it.each([
    ['a missing token', { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } }],
    ['a missing confirmation', { api_v1_user: { password: NEW_PASSWORD, reset_password_token: 'abc' } }],
    ['an extra field', { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: 'abc', user_id: 1 } }],
    ['a numeric token', { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: 5 } }],
    ['an over-long token', { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: 't'.repeat(201) } }],
  ])('refuses %s with a 400', async (_label, payload) => {
    await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const res = await call(ctx().app, { method: 'PUT', url: '/api/v1/users/password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('The request is not valid');
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it.each([
    ['no email', { api_v1_user: {} }],
    ['an email as a number', { api_v1_user: { email: 1 } }],
    ['an extra field', { api_v1_user: { email: 'ana@example.com' }, redirect: 'x' }],
    ['an over-long origin', { api_v1_user: { email: 'ana@example.com' }, origin: `https://${'o'.repeat(200)}.com` }],
  ])('a reset request with %s is a 400 and sends nothing', async (_label, payload) => {
    await signUpViaApi(ctx().app);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users/password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('The request is not valid');
    expect(resetMails()).toEqual([]);
    expect((await accountState(ctx().deps)).resets).toEqual([]);
  });
});

describeEachDb('password reset link origin', (ctx) => {
  it('emails a link built from an allow-listed origin, in the user language, and stores only a hash', async () => {
    const t = ctx();
    await signUpViaApi(t.app, { locale: 'es' });
    const res = await call(t.app, { method: 'POST', url: '/api/v1/users/password',
      payload: { api_v1_user: { email: ' ANA@example.com ' }, origin: 'https://porra.example.org/some/page' } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'If that email is registered you will receive instructions to reset your password in a few minutes' });
    expect(t.mailer.sent).toHaveLength(2);
    const mail = t.mailer.sent[1]!;
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Cambia tu contraseña de Porra');
    const link = /https?:\/\/\S+/.exec(mail.text)![0];
    expect(link).toMatch(/^https:\/\/porra\.example\.org\/users\/password\/edit\?reset_password_token=[\w-]{43}$/);
    const token = link.split('=')[1]!;
    const rows = await t.deps.db.selectFrom('password_resets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.expires_at).toBe(t.clock.now() + HOUR);
  });
}, { config: { allowedOrigins: ['http://localhost:3000', 'https://porra.example.org'] } });

describeEachDb('password reset and the sign-in limit', (ctx) => {
  it('a completed reset lifts the per-account lock', async () => {
    await signUpViaApi(ctx().app);
    for (let i = 0; i < 10; i += 1) await signInViaApi(ctx().app, 'ana@example.com', `guess ${i}`);
    expect((await signInViaApi(ctx().app, 'ana@example.com', PASSWORD)).statusCode).toBe(429);
    await call(ctx().app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
    const token = /reset_password_token=([\w-]+)/.exec(ctx().mailer.sent.at(-1)!.text)![1]!;
    const res = await call(ctx().app, { method: 'PUT', url: '/api/v1/users/password',
      payload: { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: token } } });
    expect(res.statusCode).toBe(200);
    expect((await signInViaApi(ctx().app, 'ana@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });
});
