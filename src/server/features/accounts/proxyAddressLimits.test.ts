import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { MAX_IP_FAILURES } from '../../platform/sessions/signInFailures';
import { call, describeEachDb } from '../../testing/harness';
import { esHeaders, PASSWORD, signUpViaApi } from './testing/accountsTestKit';

/** Sign-in allows 30 calls a minute per client address (the route table's limit). */
const SIGN_INS_PER_MINUTE = 30;

describeEachDb('per-address limits behind a proxy (TRUST_PROXY=true)', (ctx) => {
  const signIn = (remoteAddress: string, forwardedFor?: string) => call(ctx().app, {
    method: 'POST', url: '/api/v1/users/sign_in', remoteAddress,
    headers: { ...esHeaders, ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
    payload: { api_v1_user: { email: 'ana@example.com', password: PASSWORD } },
  });

  it('count the address the proxy saw, whatever a client writes before it in X-Forwarded-For', async () => {
    await signUpViaApi(ctx().app, { email: 'ana@example.com' });
    // An appending proxy at 10.0.0.1 adds the real client (198.51.100.9) after what the client sent.
    for (let i = 0; i < SIGN_INS_PER_MINUTE; i++) {
      expect((await signIn('10.0.0.1', `203.0.113.${i}, 198.51.100.9`)).statusCode).toBe(200);
    }
    const refused = await signIn('10.0.0.1', '203.0.113.200, 198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.data).toEqual({ error: expect.any(String) });
    // Another client behind the same proxy is not affected.
    expect((await signIn('10.0.0.1', '198.51.100.10')).statusCode).toBe(200);
  });

  it('count every address of one IPv6 /64 as one client, in the limits kept in the database too', async () => {
    // Two processes, so that the route's own limit (per process) is not what refuses.
    const other = (await buildApp({ config: ctx().deps.config, database: ctx().database, clock: ctx().clock, mailer: ctx().mailer, logger: false })).app;
    const failFrom = (app: FastifyInstance, i: number, address: string) => call(app, {
      method: 'POST', url: '/api/v1/users/sign_in', remoteAddress: address, headers: esHeaders,
      payload: { api_v1_user: { email: `nobody${i}@example.com`, password: 'wrong password' } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < MAX_IP_FAILURES; i++) {
        statuses.push((await failFrom(i % 2 ? other : ctx().app, i, `2001:db8:1:2:${(i + 1).toString(16)}::1`)).statusCode);
      }
      expect(statuses).toEqual(Array(MAX_IP_FAILURES).fill(401));
      expect((await failFrom(other, 100, '2001:db8:1:2:abcd::9')).statusCode).toBe(429);
      expect((await failFrom(other, 101, '2001:db8:1:3::1')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
}, { config: { trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy } });
