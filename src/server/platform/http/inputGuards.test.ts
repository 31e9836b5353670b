import Fastify from 'fastify';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { installErrorHandler } from './errorHandler';
import { installInputGuards, MAX_JSON_DEPTH, parseJsonBody } from './inputGuards';

const invalid = (field: string, message: string) => ({ error: 'The request is not valid', errors: { [field]: [message] } });

describeEachDb('hostile input gets a clear 400', (ctx) => {
  it.each([
    ['__proto__', '?__proto__=1', invalid('__proto__', 'is not allowed')],
    ['constructor', '?constructor=x', invalid('constructor', 'is not allowed')],
    ['prototype', '?prototype=x', invalid('prototype', 'is not allowed')],
    ['a repeated key', '?user_id=1&user_id=2', invalid('user_id', 'is given more than once')],
    ['a NUL character', '?competition_id=%00', invalid('competition_id', 'contains characters that are not allowed')],
  ])('refuses a query string with %s', async (_label, search, body) => {
    const user = await createUserWithToken(ctx().deps);
    const res = await call(ctx().app, { method: 'GET', url: `/api/v1/en/leagues/index${search}`, token: user.token });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual(body);
  });

  it('refuses a repeated key even where the route reads no query string', async () => {
    const res = await call(ctx().app, { method: 'GET', url: '/api/v1/es/competition/index?a=1&a=2' });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual({ error: 'La petición no es válida', errors: { a: ['aparece más de una vez'] } });
  });

  it('refuses NUL characters in body text before they reach the database (PostgreSQL answered 500)', async () => {
    const user = await createUserWithToken(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/en/leagues/search', token: user.token, payload: { text: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect(res.data).toEqual(invalid('text', 'contains characters that are not allowed'));
  });

  it('refuses prototype-named keys in a JSON body, at any depth', async () => {
    const user = await createUserWithToken(ctx().deps);
    for (const payload of ['{"text":"a","__proto__":{"x":1}}', '{"text":"a","constructor":{"prototype":{"x":1}}}']) {
      const res = await call(ctx().app, { method: 'POST', url: '/api/v1/en/leagues/search', token: user.token, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.data.errors).toEqual({ [Object.keys(JSON.parse(payload))[1]!]: ['is not allowed'] });
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('refuses JSON nested deeper than any call needs (it overflowed the stack of whoever walked it)', async () => {
    const deep = `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/log', payload: deep, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.data.errors)).toEqual([['is nested too deeply']]);
  });

  it.each([
    ['form data', 'application/x-www-form-urlencoded', 'text=a'],
    ['plain text', 'text/plain', 'hello'],
  ])('answers %s with 415 and says to send JSON', async (_label, contentType, payload) => {
    const user = await createUserWithToken(ctx().deps);
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/en/leagues/search', token: user.token, payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(415);
    expect(res.data).toEqual({ error: 'Send the request body as JSON (Content-Type: application/json)' });
  });

  it('answers broken or empty JSON with 400', async () => {
    const user = await createUserWithToken(ctx().deps);
    for (const payload of ['{"text": ', '']) {
      const res = await call(ctx().app, { method: 'POST', url: '/api/v1/en/leagues/search', token: user.token, payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
      expect(res.data).toEqual({ error: 'The request is not valid' });
    }
  });
});

describe('what handlers receive', () => {
  it('parses JSON bodies into objects without a prototype, arrays and values unchanged', () => {
    const body = parseJsonBody('{"a":{"b":[{"c":1}]},"d":"x"}') as any;
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(Object.getPrototypeOf(body.a)).toBeNull();
    expect(Object.getPrototypeOf(body.a.b[0])).toBeNull();
    expect(Array.isArray(body.a.b)).toBe(true);
    expect(JSON.stringify(body)).toBe('{"a":{"b":[{"c":1}]},"d":"x"}');
  });

  it(`accepts nesting up to ${MAX_JSON_DEPTH} levels`, () => {
    expect(() => parseJsonBody('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => parseJsonBody('['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1))).toThrow();
  });

  it('hands handlers query and body objects that have no prototype to pollute', async () => {
    const app = Fastify();
    installErrorHandler(app);
    installInputGuards(app);
    // `instanceof Object` walks the prototype chain: false when Object.prototype is nowhere on it.
    app.post('/probe', async (req) => ({ query: req.query instanceof Object, body: req.body instanceof Object }));
    const res = await app.inject({ method: 'POST', url: '/probe?a=1', payload: { b: 1 } });
    expect(res.json()).toEqual({ query: false, body: false });
    await app.close();
  });
});
