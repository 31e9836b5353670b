import type { FastifyInstance } from 'fastify';
import { call } from '../../testing/harness';
import { twoProcessesOnPostgres } from './testing/twoProcesses';
import { PASSWORD, signInViaApi, signUpViaApi } from '../../features/accounts/testing/accountsTestKit';
import { disableAccount } from '../../features/accounts/accountAdministration';

const me = (app: FastifyInstance, token: string) => call(app, { method: 'GET', url: '/api/v1/en/users/index', token });

/** Polls `check` until it holds or `ms` pass; answers how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
if (!process.env.TEST_DATABASE_URL) console.log('revocations.test.ts: TEST_DATABASE_URL is not set, the PostgreSQL broadcast is not tested');

/**
 * Two server processes over one PostgreSQL database, each with its own session cache kept for a minute: a session
 * revoked in one is refused by the other within a second, not after the cache's minute.
 */
onPostgres('revocations reach every process', () => {
  const processes = twoProcessesOnPostgres();

  it('a sign-out in one process is refused by the other within a second', async () => {
    const { one, other } = processes();
    const ana = await signUpViaApi(one.app);
    const phone = (await signInViaApi(one.app, 'ana@example.com', PASSWORD)).data.token as string;
    expect((await me(other.app, ana.token)).data.id).toBe(ana.id); // now cached in the other process
    expect((await me(other.app, phone)).data.id).toBe(ana.id);
    expect((await call(one.app, { method: 'DELETE', url: '/api/v1/users/sign_out', token: ana.token })).statusCode).toBe(200);
    expect(await within(1_000, async () => (await me(other.app, ana.token)).data.id === -1)).toBeLessThan(1_000);
    // Her other session is still good there (read again, not revoked).
    expect((await me(other.app, phone)).data.id).toBe(ana.id);
  });

  it('a disabled account and a password change are refused everywhere within a second', async () => {
    const { one, other } = processes();
    const ana = await signUpViaApi(one.app);
    const laptop = (await signInViaApi(one.app, 'ana@example.com', PASSWORD)).data.token as string;
    expect((await me(other.app, laptop)).data.id).toBe(ana.id);
    const changed = await call(one.app, { method: 'PUT', url: '/api/v1/users', token: ana.token,
      payload: { api_v1_user: { password: 'a new long password 2', password_confirmation: 'a new long password 2', current_password: PASSWORD } } });
    expect(changed.statusCode).toBe(200);
    await within(1_000, async () => (await me(other.app, laptop)).data.id === -1);

    const bea = await signUpViaApi(one.app, { name: 'Bea', email: 'bea@example.com' });
    expect((await me(other.app, bea.token)).data.id).toBe(bea.id);
    await one.deps.db.transaction().execute((trx) => disableAccount(trx, one.deps.sessions, bea.id, one.deps.clock.now()));
    await within(1_000, async () => (await me(other.app, bea.token)).data.id === -1);
  });
});
