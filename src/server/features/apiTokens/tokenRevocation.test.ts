import type { FastifyInstance } from 'fastify';
import { signUpViaApi } from '../accounts/testing/accountsTestKit';
import { call } from '../../testing/harness';
import { twoProcessesOnPostgres } from '../../platform/sessions/testing/twoProcesses';

const leagues = (app: FastifyInstance, token: string) => call(app, { method: 'GET', url: '/api/v1/en/leagues/index', token });

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

/**
 * Two server processes over one PostgreSQL database, each caching signed-in callers for a minute: a token revoked in
 * one is refused by the other within a second, not after the cache's minute.
 */
onPostgres('a revoked API token is refused by every process', () => {
  const processes = twoProcessesOnPostgres();

  it('within a second', async () => {
    const { one, other } = processes();
    const ana = await signUpViaApi(one.app);
    const created = await call(one.app, {
      method: 'POST', url: '/api/v1/en/users/api_tokens', token: ana.token,
      payload: { name: 'Bot', scope: 'read', expires_at: '2026-07-01T00:00:00.000Z' },
    });
    const token = created.data.token as string;
    expect((await leagues(other.app, token)).statusCode).toBe(200); // now cached in the other process
    const revoked = await call(one.app, { method: 'DELETE', url: `/api/v1/en/users/api_tokens/${created.data.api_token.id}`, token: ana.token });
    expect(revoked.statusCode).toBe(200);
    const started = Date.now();
    while ((await leagues(other.app, token)).statusCode !== 401) {
      if (Date.now() - started > 1000) throw new Error('the other process still accepts the revoked token');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
});
