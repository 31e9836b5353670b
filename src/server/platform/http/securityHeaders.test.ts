import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { createTestApp } from '../../testing/harness';
import securityHeaders, { API_HEADERS } from './securityHeaders';

const options: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], styleSrc: ["'self'", "'unsafe-inline'"] },
  },
};

async function headersOf(plugin: FastifyPluginAsync<FastifyHelmetOptions>) {
  const app = Fastify();
  await app.register(plugin, options);
  // Registered after the plugin, in a child context: the headers must reach every route of the app.
  await app.register(async (child) => {
    child.get('/json', async () => ({ ok: true }));
    child.get('/fail', async () => { throw new Error('boom'); });
  });
  const answers = [];
  for (const url of ['/json', '/fail', '/missing']) {
    const res = await app.inject({ url });
    const { date: _date, 'content-length': _length, ...headers } = res.headers;
    answers.push({ status: res.statusCode, headers });
  }
  await app.close();
  return answers;
}

describe('securityHeaders', () => {
  it('sets the very headers @fastify/helmet sets, on answers, errors and 404s', async () => {
    const expected = await headersOf(fastifyHelmet as FastifyPluginAsync<FastifyHelmetOptions>);
    expect(expected[0]!.headers['content-security-policy']).toContain("img-src 'self' data:");
    expect(expected.map((a) => a.status)).toEqual([200, 500, 404]);
    expect(await headersOf(securityHeaders)).toEqual(expected);
  });

  it("the app's pages carry them, its API answers the API set (nothing may load, frame or sniff them)", async () => {
    const { app, close } = await createTestApp('sqlite');
    try {
      const page = await app.inject({ url: '/calendar/not-a-token.ics' });
      expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      for (const url of ['/api/v1/en/competition/index', '/api/v1/en/no/such/route']) {
        const res = await app.inject({ url });
        const { date: _date, 'content-length': _length, 'content-type': _type, connection: _connection, 'cache-control': _cache, vary: _vary,
          ...headers } = res.headers;
        expect(headers).toEqual(Object.fromEntries(API_HEADERS));
      }
    } finally {
      await close();
    }
  });

  it('grants no other origin access: no CORS headers on answers, a preflight gets only Allow', async () => {
    const { app, close } = await createTestApp('sqlite');
    try {
      const origin = 'https://evil.example';
      const read = await app.inject({ url: '/api/v1/en/users/index', headers: { origin } });
      expect(read.statusCode).toBe(200);
      const preflight = await app.inject({
        method: 'OPTIONS', url: '/api/v1/en/result_bets/update_result_bet',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers.allow).toBe('OPTIONS, POST');
      for (const res of [read, preflight]) {
        expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
    } finally {
      await close();
    }
  });
});
