import { buildApp } from '../../app';
import { call, describeEachDb, testConfig } from '../../testing/harness';
import { MAX_FAILURES, MAX_IP_FAILURES, WINDOW_MS } from '../../platform/sessions/signInFailures';
import { accountState, esHeaders, PASSWORD, signInViaApi, signUpViaApi } from './testing/accountsTestKit';

const USER_FIELDS = ['id', 'name', 'email', 'is_admin', 'email_verified', 'email_reminders', 'locale', 'ranking_hidden', 'token'];

describeEachDb('sign up', (ctx) => {
  it('creates the account, signs in, and answers the user with a token in body and header', async () => {
    const res = await call(ctx().app, {
      method: 'POST', url: '/api/v1/users', headers: esHeaders,
      payload: { api_v1_user: { name: ' Ana ', email: ' Ana@Example.COM ', password: PASSWORD, password_confirmation: PASSWORD } },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual([...USER_FIELDS].sort());
    expect(res.data).toMatchObject({ name: 'Ana', email: 'ana@example.com', is_admin: false, email_verified: false, email_reminders: true, locale: 'es' });
    expect(res.headers.authorization).toBe(`Bearer ${res.data.token}`);
    const me = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: res.data.token });
    expect(me.data).toMatchObject({ id: res.data.id, email: 'ana@example.com', email_reminders: true });
    const row = await ctx().deps.db.selectFrom('users').select('password_hash').where('id', '=', res.data.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('takes the locale chosen in the form over the request language', async () => {
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users', headers: esHeaders,
      payload: { api_v1_user: { name: 'Bob', email: 'bob@example.com', password: PASSWORD, locale: 'en' } } });
    expect(res.data.locale).toBe('en');
  });

  it('refuses a taken email (whatever its case) with a translated field error, and adds nobody', async () => {
    await signUpViaApi(ctx().app, { email: 'ana@example.com' });
    const before = await accountState(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users', headers: esHeaders,
      payload: { api_v1_user: { name: 'Other', email: 'ANA@example.com', password: PASSWORD } } });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'La petición no es válida', errors: { email: ['ya está en uso'] } });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it.each([
    ['a short password', { password: 'short' }, { password: ['8 characters minimum'] }],
    ['a mismatched confirmation', { password_confirmation: 'something else' }, { password_confirmation: ["doesn't match the password"] }],
    ['a blank name', { name: '   ' }, { name: ["can't be blank"] }],
    ['an email without @', { email: 'not-an-email' }, { 'api_v1_user.email': ['is not a valid email address'] }],
  ])('refuses %s with the field message', async (_label, change, errors) => {
    const before = await accountState(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users',
      payload: { api_v1_user: { name: 'Ana', email: 'ana@example.com', password: PASSWORD, ...change } } });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'The request is not valid', errors });
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('says "8 caracteres mínimo" in Spanish', async () => {
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users', headers: { 'x-locale': 'es' },
      payload: { api_v1_user: { name: 'Ana', email: 'ana@example.com', password: '1234567' } } });
    expect(res.data.errors).toEqual({ password: ['8 caracteres mínimo'] });
  });

  it.each([
    ['no api_v1_user', {}, 'api_v1_user'],
    ['a missing email', { api_v1_user: { name: 'Ana', password: PASSWORD } }, 'api_v1_user.email'],
    ['an extra field', { api_v1_user: { name: 'Ana', email: 'a@b.co', password: PASSWORD, is_admin: true } }, 'api_v1_user.is_admin'],
    ['a number for a name', { api_v1_user: { name: 42, email: 'a@b.co', password: PASSWORD } }, 'api_v1_user.name'],
    ['a 101-character name', { api_v1_user: { name: 'x'.repeat(101), email: 'a@b.co', password: PASSWORD } }, 'api_v1_user.name'],
    ['a 255-character email', { api_v1_user: { name: 'Ana', email: `${'x'.repeat(249)}@b.com`, password: PASSWORD } }, 'api_v1_user.email'],
    ['a 129-character password', { api_v1_user: { name: 'Ana', email: 'a@b.co', password: 'p'.repeat(129) } }, 'api_v1_user.password'],
    ['an unknown locale', { api_v1_user: { name: 'Ana', email: 'a@b.co', password: PASSWORD, locale: 'fr' } }, 'api_v1_user.locale'],
  ])('refuses %s with a 400 naming the field, and adds nobody', async (_label, payload, field) => {
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users', headers: esHeaders, payload });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('La petición no es válida');
    expect(Object.keys(res.data.errors)).toContain(field);
    expect((await accountState(ctx().deps)).users).toEqual([]);
  });
});

describeEachDb('sign in and sign out', (ctx) => {
  it('signs in with the email in any case and answers the user and token', async () => {
    const ana = await signUpViaApi(ctx().app);
    const res = await signInViaApi(ctx().app, ' ANA@example.com', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ id: ana.id, name: 'Ana', email: 'ana@example.com', is_admin: false });
    expect(res.headers.authorization).toBe(`Bearer ${res.data.token}`);
    expect(res.data.token).not.toBe(ana.token);
  });

  it('answers the same 401 for a wrong password and for an unknown email, translated', async () => {
    await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const wrong = await signInViaApi(ctx().app, 'ana@example.com', 'wrong password', esHeaders);
    const unknown = await signInViaApi(ctx().app, 'nobody@example.com', PASSWORD, esHeaders);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.data).toEqual({ error: 'Email o contraseña no válidos' });
    expect(unknown.data).toEqual(wrong.data);
    const en = await signInViaApi(ctx().app, 'ana@example.com', 'wrong password');
    expect(en.data).toEqual({ error: 'Invalid email or password' });
    expect((await accountState(ctx().deps)).sessions).toEqual(before.sessions);
  });

  it('lasts config.sessionDays with remember_me, one day without', async () => {
    await signUpViaApi(ctx().app);
    const short = await call(ctx().app, { method: 'POST', url: '/api/v1/users/sign_in',
      payload: { api_v1_user: { email: 'ana@example.com', password: PASSWORD, remember_me: false } } });
    const long = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD);
    ctx().clock.advance(86_400_000 + 1000);
    const me = (token: string) => call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token });
    expect((await me(short.data.token)).data.id).toBe(-1);
    expect((await me(long.data.token)).data.id).toBe(short.data.id);
    ctx().clock.advance(ctx().deps.config.sessionDays * 86_400_000);
    expect((await me(long.data.token)).data.id).toBe(-1);
  });

  it('sign-out revokes that token only', async () => {
    const ana = await signUpViaApi(ctx().app);
    const other = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD);
    const res = await call(ctx().app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: ana.token, headers: esHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Sesión cerrada' });
    const again = await call(ctx().app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: ana.token, headers: esHeaders });
    expect(again.statusCode).toBe(401);
    expect(again.data).toEqual({ error: 'Se ha producido un error al intentar autenticarte. Vuelve a iniciar sesión' });
    const me = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: ana.token });
    expect(me.data).toEqual({ id: -1, name: null, is_admin: false });
    const still = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: other.data.token });
    expect(still.data.id).toBe(ana.id);
  });

  it('sign-out without a token is a translated 401', async () => {
    const res = await call(ctx().app, { method: 'DELETE', url: '/api/v1/users/sign_out' });
    expect(res.statusCode).toBe(401);
    expect(res.data).toEqual({ error: 'You need to sign in or sign up before continuing' });
  });

  it.each([
    ['no body wrapper', { email: 'ana@example.com', password: PASSWORD }],
    ['a missing password', { api_v1_user: { email: 'ana@example.com' } }],
    ['a numeric password', { api_v1_user: { email: 'ana@example.com', password: 12345678 } }],
    ['an extra field', { api_v1_user: { email: 'ana@example.com', password: PASSWORD, admin: true } }],
    ['remember_me as text', { api_v1_user: { email: 'ana@example.com', password: PASSWORD, remember_me: 'yes' } }],
    ['an empty email', { api_v1_user: { email: '', password: PASSWORD } }],
  ])('refuses %s with a 400', async (_label, payload) => {
    await signUpViaApi(ctx().app);
    const before = await accountState(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users/sign_in', payload });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('The request is not valid');
    expect(await accountState(ctx().deps)).toEqual(before);
  });

  it('refuses a body that is not JSON with a translated 400', async () => {
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/users/sign_in', headers: { 'content-type': 'application/json', ...esHeaders }, payload: '{"api_v1_user":' });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'La petición no es válida' });
  });
});

describeEachDb('sign-in limits', (ctx) => {
  const signInFrom = (remoteAddress: string, email: string, password: string, app = ctx().app) =>
    call(app, { method: 'POST', url: '/api/v1/users/sign_in', remoteAddress, headers: esHeaders, payload: { api_v1_user: { email, password } } });

  it(`locks an email from one address after ${MAX_FAILURES} failures, even with the right password, then lets it in`, async () => {
    await signUpViaApi(ctx().app);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signInViaApi(ctx().app, 'ana@example.com', `wrong ${i}`)).statusCode).toBe(401);
    }
    const locked = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD, esHeaders);
    expect(locked.statusCode).toBe(429);
    expect(locked.data).toEqual({ error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' });
    expect(Number(locked.headers['retry-after'])).toBe(WINDOW_MS / 1000);
    // Other accounts are not affected.
    await signUpViaApi(ctx().app, { email: 'bob@example.com' });
    expect((await signInViaApi(ctx().app, 'bob@example.com', PASSWORD)).statusCode).toBe(200);
    ctx().clock.advance(WINDOW_MS + 1000);
    const ok = await signInViaApi(ctx().app, 'ana@example.com', PASSWORD);
    expect(ok.statusCode).toBe(200);
    // A success clears the count.
    expect((await ctx().deps.db.selectFrom('sign_in_failures').selectAll().where('email', '=', 'ana@example.com').execute())).toEqual([]);
  });

  it('a stranger guessing from another address cannot lock the owner out of her own address', async () => {
    await signUpViaApi(ctx().app);
    for (let i = 0; i < MAX_FAILURES + 3; i += 1) await signInFrom('203.0.113.7', 'ana@example.com', `guess ${i}`);
    expect((await signInFrom('203.0.113.7', 'ana@example.com', PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.20', 'ana@example.com', PASSWORD)).statusCode).toBe(200);
    // Her success clears only her address: the stranger stays locked.
    expect((await signInFrom('203.0.113.7', 'ana@example.com', PASSWORD)).statusCode).toBe(429);
  });

  it(`locks an address after ${MAX_IP_FAILURES} failures on any emails, counted across processes`, async () => {
    await signUpViaApi(ctx().app);
    const t = ctx();
    const { app: other } = await buildApp({ config: testConfig(), database: t.database, clock: t.clock, mailer: t.mailer, logger: false });
    try {
      // Half the attempts on each process: each stays under its own per-process limit of 30 a minute.
      for (let i = 0; i < MAX_IP_FAILURES; i += 1) {
        const res = await signInFrom('203.0.113.9', `user${i}@example.com`, 'x', i % 2 === 0 ? t.app : other);
        expect(res.statusCode).toBe(401);
      }
      expect((await signInFrom('203.0.113.9', 'ana@example.com', PASSWORD, other)).statusCode).toBe(429);
      expect((await signInFrom('198.51.100.20', 'ana@example.com', PASSWORD)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('of a burst of concurrent guesses, no more than the limit are checked', async () => {
    await signUpViaApi(ctx().app);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => signInViaApi(ctx().app, 'ana@example.com', `guess ${i}`)));
    const statuses = results.map((r) => r.statusCode);
    // Racing attempts may refuse one another (each counts the others' pending rows), never let extra ones through.
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    const failures = await ctx().deps.db.selectFrom('sign_in_failures').select('id').execute();
    expect(failures).toHaveLength(statuses.filter((s) => s === 401).length);
  });

  it('treats unknown emails the same way (no account enumeration through the limit)', async () => {
    for (let i = 0; i < MAX_FAILURES; i += 1) await signInViaApi(ctx().app, 'ghost@example.com', 'x');
    expect((await signInViaApi(ctx().app, 'ghost@example.com', 'x')).statusCode).toBe(429);
  });
});

describeEachDb('sign-in limit per IP', (ctx) => {
  it('answers a translated 429 once one address has used up its attempts', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 31; i += 1) {
      last = await call(ctx().app, { method: 'POST', url: '/api/v1/users/sign_in', headers: esHeaders,
        payload: { api_v1_user: { email: `user${i}@example.com`, password: 'x' } } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(last!.statusCode).toBe(429);
    expect(last!.data).toEqual({ error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' });
    const elsewhere = await call(ctx().app, { method: 'POST', url: '/api/v1/users/sign_in', remoteAddress: '10.0.0.9',
      payload: { api_v1_user: { email: 'user99@example.com', password: 'x' } } });
    expect(elsewhere.statusCode).toBe(401);
  });
});
