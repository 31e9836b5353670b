import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { esHeaders } from './testing/accountsTestKit';

describeEachDb('client error log', (ctx) => {
  const logRows = () => ctx().deps.db.selectFrom('client_logs').selectAll().execute();

  it('stores a report with the signed-in user, and answers a translated message', async () => {
    const ana = await createUserWithToken(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/log', token: ana.token, headers: esHeaders,
      payload: { status: 500, code: 'ERR_BAD_RESPONSE', message: 'Request failed', data: { error: 'boom' }, headers: { 'x-a': '1' } } });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Registrado' });
    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: ana.id, status: 500, code: 'ERR_BAD_RESPONSE', message: 'Request failed', created_at: ctx().clock.now() });
    expect(JSON.parse(rows[0]!.details!)).toEqual({ data: { error: 'boom' }, headers: { 'x-a': '1' } });
  });

  it('accepts an anonymous, nearly empty report', async () => {
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/log', payload: { status: null } });
    expect(res.statusCode).toBe(200);
    expect((await logRows())[0]).toMatchObject({ user_id: null, status: null, message: null });
  });

  it.each([
    ['an unknown field', { message: 'x', stack: 'y' }, 400],
    ['a status as text', { status: '500' }, 400],
    ['an over-long message', { message: 'm'.repeat(1001) }, 400],
    ['an over-long code', { code: 'c'.repeat(51) }, 400],
    ['a body over 16 KB', { message: 'x', data: 'd'.repeat(17 * 1024) }, 413],
  ])('refuses %s and stores nothing', async (_label, payload, status) => {
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/log', payload, headers: esHeaders });
    expect(res.statusCode).toBe(status);
    expect(typeof res.data.error).toBe('string');
    expect(await logRows()).toEqual([]);
  });

  it('is rate-limited per address', async () => {
    let last;
    for (let i = 0; i < 61; i += 1) last = await call(ctx().app, { method: 'POST', url: '/api/v1/log', payload: { message: `m${i}` } });
    expect(last!.statusCode).toBe(429);
    expect(last!.data).toEqual({ error: 'Too many attempts. Please wait a moment and try again' });
    expect(await logRows()).toHaveLength(60);
  });
});

describeEachDb('contact', (ctx) => {
  const send = (payload: object, locale = 'en') => call(ctx().app, { method: 'POST', url: `/api/v1/${locale}/contact`, payload });

  it('emails the message to every admin in their language', async () => {
    await createUserWithToken(ctx().deps, { email: 'boss@example.com', is_admin: true, locale: 'es' });
    await createUserWithToken(ctx().deps, { email: 'root@example.com', is_admin: true, locale: 'en' });
    await createUserWithToken(ctx().deps, { email: 'player@example.com' });
    const res = await send({ name: 'Eva', email: ' Eva@Example.com ', message: 'The table looks wrong' }, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ message: 'Mensaje enviado' });
    const sent = ctx().mailer.sent;
    expect(sent.map((m) => m.to).sort()).toEqual(['boss@example.com', 'root@example.com']);
    const es = sent.find((m) => m.to === 'boss@example.com')!;
    expect(es.subject).toBe('Formulario de contacto de Porra: mensaje de Eva');
    expect(es.text).toContain('Eva <eva@example.com>');
    expect(es.text).toContain('The table looks wrong');
    expect(sent.find((m) => m.to === 'root@example.com')!.subject).toBe('Porra contact form: message from Eva');
  });

  it.each([
    ['a missing message', { name: 'Eva', email: 'eva@example.com' }],
    ['a blank message', { name: 'Eva', email: 'eva@example.com', message: '   ' }],
    ['an invalid email', { name: 'Eva', email: 'eva', message: 'hi' }],
    ['an extra field', { name: 'Eva', email: 'eva@example.com', message: 'hi', cc: 'x@y.z' }],
    ['an over-long message', { name: 'Eva', email: 'eva@example.com', message: 'm'.repeat(5001) }],
    ['a number as name', { name: 5, email: 'eva@example.com', message: 'hi' }],
  ])('refuses %s with a translated 400 and sends nothing', async (_label, payload) => {
    await createUserWithToken(ctx().deps, { is_admin: true });
    const res = await send(payload, 'es');
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('La petición no es válida');
    expect(ctx().mailer.sent).toEqual([]);
  });

  it('is rate-limited per address', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await send({ name: 'Eva', email: 'eva@example.com', message: `m${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
