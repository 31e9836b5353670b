import { http, HttpResponse, type JsonBodyType } from 'msw';
import Value from 'typebox/value';
import { API_BASE } from '../../../shared/api/route';
import { routeTable, type RouteName } from '../../../shared/api/routeTable';

const ORIGIN = 'http://localhost';

export interface Call {
  params: Record<string, string>;
  body: any;
  query: URLSearchParams;
  token: string | null;
  request: Request;
}
export interface Reply { status?: number; body: unknown; headers?: Record<string, string> }

/** The URL pattern msw matches for a route of the table (prefixed routes take any locale). */
export const routePattern = (name: RouteName): string => {
  const def = routeTable[name];
  return `${ORIGIN}${API_BASE}${def.prefixed ? '/:locale' : ''}${def.path}`;
};

/**
 * A handler for one route of the table. Successful answers must satisfy the route's response schema, so the
 * client is tested against the shapes the server really sends.
 */
export function handle(name: RouteName, resolve: (call: Call) => Reply | Promise<Reply>) {
  const def = routeTable[name];
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  return http[method](routePattern(name), async ({ request, params }) => {
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const authorization = request.headers.get('authorization');
    const reply = await resolve({
      params: params as Record<string, string>,
      body: text ? JSON.parse(text) : undefined,
      query: new URL(request.url).searchParams,
      token: authorization ? authorization.replace(/^Bearer /, '') : null,
      request,
    });
    const status = reply.status ?? 200;
    if (status < 300 && !Value.Check(def.response, reply.body)) {
      const errors = [...Value.Errors(def.response, reply.body)].slice(0, 3);
      throw new Error(`Test handler for ${name} answers a shape outside its schema: ${JSON.stringify(errors)}`);
    }
    return HttpResponse.json(reply.body as JsonBodyType, { status, headers: reply.headers });
  });
}

export const ok = (body: unknown): Reply => ({ body });
export const fail = (status: number, error?: string, errors?: Record<string, string[]>): Reply =>
  ({ status, body: { ...(error ? { error } : {}), ...(errors ? { errors } : {}) } });
