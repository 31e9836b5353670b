import { createHash } from 'node:crypto';
import { call, describeEachDb } from '../../testing/harness';
import { accountState, esHeaders, PASSWORD, signUpViaApi, verificationTokenFor } from './testing/accountsTestKit';

const DAY = 86_400_000;
const NEW_PASSWORD = 'a brand new secret';

describeEachDb('email verification', (ctx) => {
  const verify = (token: unknown, headers: Record<string, string> = {}) =>
    call(ctx().app, { method: 'POST', url: '/api/v1/users/verify_email', headers, payload: { token } });
  const me = async (token: string) => (await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token })).data;
  const update = (token: string, user: Record<string, unknown>) =>
    call(ctx().app, { method: 'PUT', url: '/api/v1/users', token, payload: { api_v1_user: { current_password: PASSWORD, ...user } } });
  const tokenFor = (to: string) => verificationTokenFor(ctx().mailer.sent, to);

  it('sign-up mails a single-use link, stored hashed, that verifies the address once', async () => {
    const ana = await signUpViaApi(ctx().app, { locale: 'es' });
    expect(await me(ana.token)).toMatchObject({ id: ana.id, email_verified: false });
    const mail = ctx().mailer.sent.at(-1)!;
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: 'Confirma tu dirección de email en Porra' });
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/verify_email\?token=[\w-]{43}$/m);
    const token = tokenFor('ana@example.com');
    const rows = await ctx().deps.db.selectFrom('email_verifications').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({
      user_id: ana.id, email: 'ana@example.com', token_hash: createHash('sha256').update(token).digest('hex'),
      expires_at: ctx().clock.now() + DAY, used_at: null,
    })]);

    const res = await verify(token, esHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Tu dirección de email está verificada', already_verified: false });
    expect(await me(ana.token)).toMatchObject({ email_verified: true });

    // A second click on the same link: the address is confirmed, so it says so (and changes nothing).
    const before = await accountState(ctx().deps);
    const again = await verify(token, esHeaders);
    expect(again.statusCode).toBe(200);
    expect(again.data).toEqual({ message: 'Tu dirección de email ya estaba confirmada', already_verified: true });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('a used link says nothing but "not valid" once its address is no longer the account\'s', async () => {
    const ana = await signUpViaApi(ctx().app);
    const token = tokenFor('ana@example.com');
    expect((await verify(token)).statusCode).toBe(200);
    expect((await update(ana.token, { email: 'ana.new@example.com' })).statusCode).toBe(200);
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'The verification link is not valid: it has expired, was already used or is for another address' });
  });

  it('refuses a link after 24 hours, leaving the address unverified', async () => {
    const ana = await signUpViaApi(ctx().app);
    ctx().clock.advance(DAY + 1);
    const before = await accountState(ctx().deps);
    const res = await verify(tokenFor('ana@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'The verification link is not valid: it has expired, was already used or is for another address' });
    expect(await accountState(ctx().deps)).toEqual(before);
    expect(await me(ana.token)).toMatchObject({ email_verified: false });
  });

  it.each([
    ['a made-up token', { token: 'x'.repeat(43) }],
    ['an empty token', { token: '' }],
    ['an over-long token', { token: 't'.repeat(201) }],
    ['a numeric token', { token: 42 }],
    ['no token', {}],
    ['an extra field', { token: 'abc', user_id: 1 }],
  ])('refuses %s with a 400 and changes nothing', async (_label, payload) => {
    await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users/verify_email', payload });
    expect(res.statusCode).toBe(400);
    expect(typeof res.data.error).toBe('string');
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('a new email address is unverified again, gets its own link, and the old link dies', async () => {
    const ana = await signUpViaApi(ctx().app);
    const oldLink = tokenFor('ana@example.com');
    expect((await verify(oldLink)).statusCode).toBe(200);
    const pending = await signUpViaApi(ctx().app, { email: 'bob@example.com', name: 'Bob' });
    const bobOldLink = tokenFor('bob@example.com');

    const res = await update(ana.token, { email: 'ana.new@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ email: 'ana.new@example.com', email_verified: false });
    expect(await me(ana.token)).toMatchObject({ email_verified: false });
    const newLink = tokenFor('ana.new@example.com');

    // Bob changes his address before using his first link: that link verifies nothing any more.
    expect((await update(pending.token, { email: 'bob.new@example.com' })).statusCode).toBe(200);
    expect((await verify(bobOldLink)).statusCode).toBe(400);
    expect(await me(pending.token)).toMatchObject({ email_verified: false });

    expect((await verify(newLink)).statusCode).toBe(200);
    expect(await me(ana.token)).toMatchObject({ email: 'ana.new@example.com', email_verified: true });
  });

  it('keeps the address verified when other fields change', async () => {
    const ana = await signUpViaApi(ctx().app);
    await verify(tokenFor('ana@example.com'));
    const sent = ctx().mailer.sent.length;
    expect((await update(ana.token, { name: 'Ana B.', email: 'ANA@example.com' })).statusCode).toBe(200);
    expect(await me(ana.token)).toMatchObject({ name: 'Ana B.', email_verified: true });
    expect(ctx().mailer.sent).toHaveLength(sent);
  });

  it('a password change kills the open verification and reset links', async () => {
    const ana = await signUpViaApi(ctx().app);
    const link = tokenFor('ana@example.com');
    await call(ctx().app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
    const resetToken = /reset_password_token=([\w-]+)/.exec(ctx().mailer.sent.at(-1)!.text)![1]!;
    expect((await update(ana.token, { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await verify(link)).statusCode).toBe(400);
    const reset = await call(ctx().app, { method: 'PUT', url: '/api/v1/users/password',
      payload: { api_v1_user: { password: 'third password', password_confirmation: 'third password', reset_password_token: resetToken } } });
    expect(reset.statusCode).toBe(400);
  });

  it('an email change kills the open reset links', async () => {
    const ana = await signUpViaApi(ctx().app);
    await call(ctx().app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
    const resetToken = /reset_password_token=([\w-]+)/.exec(ctx().mailer.sent.at(-1)!.text)![1]!;
    expect((await update(ana.token, { email: 'ana.new@example.com' })).statusCode).toBe(200);
    const reset = await call(ctx().app, { method: 'PUT', url: '/api/v1/users/password',
      payload: { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: resetToken } } });
    expect(reset.statusCode).toBe(400);
  });

  it('a completed password reset verifies the address it was mailed to', async () => {
    await signUpViaApi(ctx().app);
    await call(ctx().app, { method: 'POST', url: '/api/v1/users/password', payload: { api_v1_user: { email: 'ana@example.com' } } });
    const resetToken = /reset_password_token=([\w-]+)/.exec(ctx().mailer.sent.at(-1)!.text)![1]!;
    const res = await call(ctx().app, { method: 'PUT', url: '/api/v1/users/password',
      payload: { api_v1_user: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD, reset_password_token: resetToken } } });
    expect(res.data).toMatchObject({ email: 'ana@example.com', email_verified: true });
  });

  it('two requests racing with one link: exactly one verifies', async () => {
    await signUpViaApi(ctx().app);
    const token = tokenFor('ana@example.com');
    const results = await Promise.all([verify(token), verify(token), verify(token)]);
    // One confirms the address; the others, once it is confirmed, answer that it already was.
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.data.already_verified).sort()).toEqual([false, true, true]);
    expect(await ctx().deps.db.selectFrom('users').select('email_verified').execute()).toEqual([{ email_verified: 1 }]);
  });

  it('a failing mail server does not fail the sign-up (the link can be resent)', async () => {
    ctx().deps.mailer = { send: () => Promise.reject(new Error('SMTP down')) };
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users',
      payload: { api_v1_user: { name: 'Ana', email: 'ana@example.com', password: PASSWORD } } });
    expect(res.statusCode).toBe(200);
    expect(res.data.email_verified).toBe(false);
  });
});

describeEachDb('resending the verification link', (ctx) => {
  const resend = (token: string | null, headers: Record<string, string> = {}) =>
    call(ctx().app, { method: 'POST', url: '/api/v1/users/verify_email/resend', token, headers });
  const verify = (token: string) => call(ctx().app, { method: 'POST', url: '/api/v1/users/verify_email', payload: { token } });

  it('mails a fresh link; the older one stops working', async () => {
    const ana = await signUpViaApi(ctx().app);
    const first = verificationTokenFor(ctx().mailer.sent, 'ana@example.com');
    const res = await resend(ana.token, esHeaders);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Te hemos enviado un nuevo enlace de verificación' });
    const second = verificationTokenFor(ctx().mailer.sent, 'ana@example.com');
    expect(second).not.toBe(first);
    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
  });

  it('answers 409 once the address is verified, and 401 to visitors, sending nothing', async () => {
    const ana = await signUpViaApi(ctx().app);
    await verify(verificationTokenFor(ctx().mailer.sent, 'ana@example.com'));
    const sent = ctx().mailer.sent.length;
    const verified = await resend(ana.token, esHeaders);
    expect(verified.statusCode).toBe(409);
    expect(verified.data).toEqual({ error: 'Tu dirección de email ya está verificada' });
    expect((await resend(null)).statusCode).toBe(401);
    expect(ctx().mailer.sent).toHaveLength(sent);
  });

  it('allows 3 resends an hour per account, then a translated 429 with Retry-After', async () => {
    const ana = await signUpViaApi(ctx().app);
    for (let i = 0; i < 3; i += 1) expect((await resend(ana.token)).statusCode).toBe(200);
    const sent = ctx().mailer.sent.length;
    const limited = await resend(ana.token, esHeaders);
    expect(limited.statusCode).toBe(429);
    expect(limited.data).toEqual({ error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' });
    expect(Number(limited.headers['retry-after'])).toBe(3600);
    expect(ctx().mailer.sent).toHaveLength(sent);
    // Another account is not affected; the first one may resend again an hour later.
    const bob = await signUpViaApi(ctx().app, { email: 'bob@example.com' });
    expect((await resend(bob.token)).statusCode).toBe(200);
    ctx().clock.advance(3_600_000 + 1);
    expect((await resend(ana.token)).statusCode).toBe(200);
  });
});
