import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';

describeEachDb('GET users/index', (ctx) => {
  it('answers the visitor shape when signed out', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index' });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ id: -1, name: null, is_admin: false });
  });

  it('answers the signed-in user', async () => {
    const user = await createUserWithToken(ctx().deps, { name: 'Ana' });
    const res = await call(ctx().app, { method: 'GET', url: '/api/v1/es/users/index', token: user.token });
    expect(res.data).toMatchObject({ id: user.id, name: 'Ana', is_admin: false });
  });

  it('tells whether the signed-in user has verified the email address', async () => {
    const unverified = await createUserWithToken(ctx().deps);
    const verified = await createUserWithToken(ctx().deps, { email_verified: true });
    const first = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: unverified.token });
    const second = await call(ctx().app, { method: 'GET', url: '/api/v1/en/users/index', token: verified.token });
    expect(first.data).toMatchObject({ id: unverified.id, email_verified: false });
    expect(second.data).toMatchObject({ id: verified.id, email_verified: true });
  });

  it('rejects an unknown locale prefix with a 400', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/v1/fr/users/index' });
    expect(res.statusCode).toBe(400);
  });

  it('translates not-found errors into the caller language', async () => {
    const user = await createUserWithToken(ctx().deps);
    const res = await call(ctx().app, { method: 'GET', url: '/api/v1/es/users/99999', token: user.token });
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ error: 'No se ha encontrado el usuario' });
  });
});
