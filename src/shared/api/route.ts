import type { Static, TSchema } from 'typebox';

/** Who may call a route: anyone, a signed-in user, or a global admin. Finer rules live in the services. */
export type Access = 'public' | 'user' | 'admin';
/**
 * What a personal API token may call: `read` the player's reads, `bet` those plus placing bets. A route without
 * `tokens` takes no token at all (account, sessions, token management, league management, admin).
 */
export type TokenScope = 'read' | 'bet';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** Every error status the API answers, each with the `{ error, errors? }` body of errorResponses.ts. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

/**
 * One entry of the route table: written once, used by the server (registration, validation, serialisation,
 * OpenAPI) and by the client (RTK Query endpoints and types).
 * `path` uses `:name` parameters. `prefixed` routes live under /api/v1/{es|en}; raw ones under /api/v1.
 */
export interface RouteDef {
  method: HttpMethod;
  path: string;
  prefixed: boolean;
  access: Access;
  /** The least personal API token scope that may call the route; absent: no token may (tokenScopes.ts). */
  tokens?: TokenScope;
  summary: string;
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  response: TSchema;
  /** Client-side process id for write calls, so a second identical call while one runs is refused. */
  process?: string;
  /** Per-IP limit: at most `max` calls per `timeWindow` milliseconds, then 429. */
  rateLimit?: { max: number; timeWindow: number };
  /** Largest accepted body in bytes, when smaller than the server-wide limit. */
  bodyLimit?: number;
  /**
   * Error statuses the route answers beyond those its shape implies (errorStatuses in errorResponses.ts):
   * 403 for membership or ownership rules, 404 for ids in the body or query, 409 for conflicts, 429 for limits
   * counted by the service, 502 for a failing data provider, 503 when the server sheds load. The OpenAPI document
   * lists exactly these, and the server never answers a status a route does not list.
   */
  errors?: readonly ErrorStatus[];
  /** A 200 that is not JSON (a Server-Sent Events stream, a CSV file): `response` then documents it under this media type. */
  contentType?: 'text/event-stream' | 'text/csv';
}

export const route = <const R extends RouteDef>(definition: R): R => definition;

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;
export type RouteParams<R extends RouteDef> = StaticOr<R['params'], Record<string, never>>;
export type RouteQuery<R extends RouteDef> = StaticOr<R['query'], Record<string, never>>;
export type RouteBody<R extends RouteDef> = StaticOr<R['body'], undefined>;
export type RouteResponse<R extends RouteDef> = Static<R['response']>;

export const API_BASE = '/api/v1';

/** Full URL path of a route, with `:locale` left as a parameter for prefixed routes. */
export function routeUrl(def: Pick<RouteDef, 'path' | 'prefixed'>): string {
  return def.prefixed ? `${API_BASE}/:locale${def.path}` : `${API_BASE}${def.path}`;
}

/** Fills `:name` parameters of a path (client side). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
