import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { call, describeEachDb, testConfig, type TestApp } from '../../testing/harness';
import { ACCOUNT_CHANGES_PER_ACCOUNT, ACCOUNT_CHANGES_PER_IP } from '../../platform/sessions/actionLimits';
import { accountState, esHeaders, PASSWORD, signUpViaApi } from './testing/accountsTestKit';

/** A second server process on the same database (its per-IP route limits are its own, as in production). */
async function secondProcess(t: TestApp): Promise<FastifyInstance> {
  const { app } = await buildApp({ config: testConfig(), database: t.database, clock: t.clock, mailer: t.mailer, logger: false });
  return app;
}

describeEachDb('account change limits', (ctx) => {
  const update = (app: FastifyInstance, token: string, currentPassword: string, remoteAddress = '127.0.0.1') =>
    call(app, { method: 'PUT', url: '/api/v1/users', token, remoteAddress, headers: esHeaders,
      payload: { api_v1_user: { name: 'Ana B.', current_password: currentPassword } } });
  const remove = (app: FastifyInstance, token: string, currentPassword: string) =>
    call(app, { method: 'DELETE', url: '/api/v1/users', token, payload: { api_v1_user: { current_password: currentPassword } } });

  it(`checks at most ${ACCOUNT_CHANGES_PER_ACCOUNT.max} passwords per account in 15 minutes, across processes, then 429 with Retry-After`, async () => {
    const ana = await signUpViaApi(ctx().app);
    const other = await secondProcess(ctx());
    try {
      const statuses: number[] = [];
      for (let i = 0; i < ACCOUNT_CHANGES_PER_ACCOUNT.max; i += 1) {
        statuses.push((await update(i % 2 === 0 ? ctx().app : other, ana.token, `guess ${i}`)).statusCode);
      }
      expect(statuses).toEqual(Array(ACCOUNT_CHANGES_PER_ACCOUNT.max).fill(400));
      const before = await accountState(ctx().deps);
      // Even the right password is not checked now, and deletion shares the limit.
      const limited = await update(other, ana.token, PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.data).toEqual({ error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' });
      expect(Number(limited.headers['retry-after'])).toBe(ACCOUNT_CHANGES_PER_ACCOUNT.windowMs / 1000);
      expect((await remove(ctx().app, ana.token, PASSWORD)).statusCode).toBe(429);
      expect(await accountState(ctx().deps)).toEqual(before);

      // Another account on the same address is not locked out.
      const bob = await signUpViaApi(ctx().app, { email: 'bob@example.com', name: 'Bob' });
      expect((await update(ctx().app, bob.token, PASSWORD)).statusCode).toBe(200);
      ctx().clock.advance(ACCOUNT_CHANGES_PER_ACCOUNT.windowMs + 1);
      expect((await update(other, ana.token, PASSWORD)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it(`lets at most ${ACCOUNT_CHANGES_PER_IP.max} account changes through from one address, whatever the accounts`, async () => {
    const users = [];
    for (let i = 0; i < 4; i += 1) users.push(await signUpViaApi(ctx().app, { email: `user${i}@example.com`, name: `User ${i}` }));
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_CHANGES_PER_IP.max; i += 1) {
      statuses.push((await update(ctx().app, users[i % 4]!.token, i < 8 ? PASSWORD : 'wrong', '10.1.1.1')).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const limited = await update(ctx().app, users[3]!.token, PASSWORD, '10.1.1.1');
    expect(limited.statusCode).toBe(429);
    // The same account from another address still may.
    expect((await update(ctx().app, users[3]!.token, PASSWORD, '10.2.2.2')).statusCode).toBe(200);
  });

  it('of many concurrent checks, no more than the limit get through', async () => {
    const ana = await signUpViaApi(ctx().app);
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => update(ctx().app, ana.token, `guess ${i}`)));
    const checked = results.filter((r) => r.statusCode === 400).length;
    // Racing calls may refuse one another (each counts the others' pending hits), never let extra ones through.
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(ACCOUNT_CHANGES_PER_ACCOUNT.max);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(16 - checked);
    const hits = await ctx().deps.db.selectFrom('rate_limit_hits').select('id').where('subject', '=', `user:${ana.id}`).execute();
    expect(hits).toHaveLength(checked);
  });
});
