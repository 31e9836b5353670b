import Type, { type Static } from 'typebox';
import type { ErrorStatus, RouteDef } from './route';

/**
 * The one error body of the API: a message in the caller's language, plus per-field messages when
 * the input was invalid. Nothing else is ever sent with an error status.
 */
export const ApiError = Type.Object({
  error: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
}, { additionalProperties: false });
export type ApiError = Static<typeof ApiError>;

/** What each error status means in this API (the OpenAPI response descriptions). */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: path, query string or body (field messages in `errors`)',
  401: 'Not signed in, or the credentials are wrong',
  403: 'Not allowed for the caller',
  404: 'Something the request names does not exist',
  409: 'Conflicts with the current state (already a member, already invited, process already running)',
  413: 'The body is too large',
  415: 'The body is not JSON',
  429: 'Too many calls: wait (Retry-After) and try again',
  500: 'Unexpected server failure',
  502: 'The data provider failed',
  503: 'The server is busy (shedding load, or too many password checks at once): try again shortly (Retry-After)',
};

/**
 * Every error status a route can answer: those implied by its shape plus the ones it declares.
 * - 400 always: any request may carry a malformed path, a hostile query string or a broken body.
 * - 401 unless public; 403 for admin routes, and for signed-in routes a read-only API token may not call (a token
 *   without the route's scope); 404 when the path names something (params).
 * - 413 and 415 for every method but GET: the server reads a body on those whether or not the route takes one.
 * - 429 when the route is rate-limited per address.
 * - 500 always (an unexpected failure); 503 always (the server sheds load, observability/overload.ts).
 */
export function errorStatuses(def: Pick<RouteDef, 'method' | 'access' | 'params' | 'rateLimit' | 'errors' | 'tokens'>): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, 503, ...(def.errors ?? [])]);
  if (def.access !== 'public') statuses.add(401);
  if (def.access === 'admin' || (def.access === 'user' && def.tokens !== 'read')) statuses.add(403);
  if (def.params) statuses.add(404);
  if (def.method !== 'GET') { statuses.add(413); statuses.add(415); }
  if (def.rateLimit) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}
