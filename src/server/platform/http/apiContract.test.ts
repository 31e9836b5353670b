import Fastify from 'fastify';
import Type from 'typebox';
import { ERROR_DESCRIPTIONS, errorStatuses } from '../../../shared/api/errorResponses';
import { route, type RouteDef } from '../../../shared/api/route';
import { routeTable } from '../../../shared/api/routeTable';
import { call, createTestApp, type TestApp } from '../../testing/harness';
import { installErrorHandler } from './errorHandler';
import { conflict, notFound } from '../errors/errors';
import { registerRoutes } from './registerRoutes';
import { validatorCompiler } from './validation';

/** The published OpenAPI document and the server's answers agree: statuses, error shape, methods, formats. */
/** ApiError as OpenAPI 3.0 writes it (a map is `additionalProperties`). */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
  additionalProperties: false,
};

describe('the OpenAPI document is exact', () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await call(t.app, { method: 'GET', url: '/api/v1/openapi.json' })).data;
  });
  afterAll(async () => { await t.close(); });

  const operation = (name: string) => Object.values(doc.paths as Record<string, Record<string, any>>)
    .flatMap((methods) => Object.values(methods)).find((op) => op.operationId === name);

  it('lists, for every route, 200 and exactly the error statuses it can answer, each with the one error schema', () => {
    for (const [name, def] of Object.entries(routeTable) as [string, RouteDef][]) {
      const op = operation(name);
      expect(Object.keys(op.responses).sort()).toEqual(['200', ...errorStatuses(def).map(String)].sort());
      for (const status of errorStatuses(def)) {
        expect(op.responses[status].description).toBe(ERROR_DESCRIPTIONS[status]);
        expect(op.responses[status].content['application/json'].schema).toMatchObject(ERROR_SCHEMA);
      }
    }
  });

  it('derives statuses from the route shape and adds the declared ones', () => {
    const { leagueJoin, competitionShow, updateAll, currentUser, signIn } = routeTable;
    expect(errorStatuses(currentUser)).toEqual([400, 500, 503]);
    expect(errorStatuses(competitionShow)).toEqual([400, 404, 500, 503]);
    expect(errorStatuses(leagueJoin)).toEqual([400, 401, 403, 404, 409, 413, 415, 500, 503]);
    expect(errorStatuses(updateAll)).toEqual([400, 401, 403, 409, 413, 415, 500, 502, 503]);
    expect(errorStatuses(signIn)).toEqual([400, 401, 413, 415, 429, 500, 503]);
  });

  it('documents Retry-After on 429 and 503, bearer auth on non-public operations, closed response objects', () => {
    expect(operation('signIn').responses['429'].headers['retry-after'].schema.type).toBe('integer');
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(operation('leagueShow').security).toEqual([{ bearerAuth: [] }, { personalToken: [] }]);
    expect(operation('leagueShow').description).toBe('Accepts personal API tokens (scope `read` or `bet`).');
    expect(operation('updateResultBet').description).toBe('Accepts personal API tokens of scope `bet`.');
    expect(operation('leagueUpdate').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('competitionShow').security).toBeUndefined();
    const league = operation('leagueShow').responses['200'].content['application/json'].schema;
    expect(league.additionalProperties).toBe(false);
    expect(league.properties.competition.additionalProperties).toBe(false);
  });

  it('documents email formats, which the validator checks on the trimmed address', () => {
    const signUp = operation('signUp').requestBody.content['application/json'].schema;
    expect(signUp.properties.api_v1_user.properties.email.format).toBe('email');
    const validate = validatorCompiler({ schema: Type.Object({ email: Type.String({ format: 'email' }) }), httpPart: 'body', method: 'POST', url: '/' }) as (v: unknown) => boolean;
    expect(validate({ email: ' Ana@Example.com ' })).toBe(true);
    expect(validate({ email: 'ana@example' })).toBe(false);
    expect(validate({ email: 'not an address' })).toBe(false);
  });

  it('answers a method a known path lacks with 405 and Allow, OPTIONS with 204 and Allow, an unknown path with 404', async () => {
    const patch = await call(t.app, { method: 'PATCH', url: '/api/v1/en/leagues/search' });
    expect(patch.statusCode).toBe(405);
    // The search call owns /leagues/search, not the league routes whose id would be "search".
    expect(patch.headers.allow).toBe('OPTIONS, POST');
    expect(patch.data).toEqual({ error: 'This API call does not accept that method' });
    const spanish = await call(t.app, { method: 'POST', url: '/api/v1/es/competition/index' });
    expect(spanish.statusCode).toBe(405);
    expect(spanish.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(spanish.data).toEqual({ error: 'Esta llamada de la API no acepta ese método' });
    const options = await call(t.app, { method: 'OPTIONS', url: '/api/v1/users' });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('DELETE, OPTIONS, POST, PUT');
    expect((await call(t.app, { method: 'POST', url: '/api/v1/openapi.json' })).headers.allow).toBe('GET, HEAD, OPTIONS');
    const unknown = await call(t.app, { method: 'PATCH', url: '/api/v1/en/no/such/call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data).toEqual({ error: 'There is no such API call' });
  });

  it('answers unreadable URLs with 400 in the error shape', async () => {
    for (const url of ['/api/v1/en/leagues/%E0%A4%A', `/api/v1/en/leagues/${'9'.repeat(300)}`]) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.data).toEqual({ error: 'The request is not valid' });
    }
  });

  it('serves the document itself as JSON', async () => {
    const res = await call(t.app, { method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.data.openapi).toMatch(/^3\./);
  });
});

describe('the error handler answers only declared statuses', () => {
  it('turns an undeclared 4xx into 400 and logs it, and passes a declared one through', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => { lines.push(line); } } } });
    app.setValidatorCompiler(validatorCompiler);
    installErrorHandler(app);
    const table = {
      declared: route({ method: 'GET', path: '/declared/:id', prefixed: false, access: 'public', summary: 'x', params: Type.Object({ id: Type.Integer() }), response: Type.Object({}) }),
      undeclared: route({ method: 'GET', path: '/undeclared', prefixed: false, access: 'public', summary: 'x', response: Type.Object({}) }),
    };
    registerRoutes(app, table, {
      declared: async () => { throw notFound(); },
      undeclared: async () => { throw conflict('errors.user_already_in_league'); },
    });
    const declared = await app.inject({ method: 'GET', url: '/api/v1/declared/1' });
    expect(declared.statusCode).toBe(404);
    const undeclared = await app.inject({ method: 'GET', url: '/api/v1/undeclared' });
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json()).toEqual({ error: 'The user is already in the league' });
    expect(lines.join('')).toContain('undeclared error status');
    await app.close();
  });
});
