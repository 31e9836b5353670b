import { routeTable, type RouteName, type RouteTable } from '../../shared/api/routeTable';
import type { HttpMethod } from '../../shared/api/route';
import { baseApi } from './baseApi';
import type { RouteEndpointDefinitions } from './routeEndpoints';
import './endpoints/users';
import './endpoints/accounts';
import './endpoints/competitions';
import './endpoints/reference';
import './endpoints/leagues';
import './endpoints/invitations';
import './endpoints/resultBets';
import './endpoints/tables';
import './endpoints/alerts';
import './endpoints/roundBets';
import './endpoints/personBets';
import './endpoints/updates';
import './endpoints/push';

/**
 * The api with every area's endpoints injected (the imports above do it), typed with all of them.
 * Injecting no new endpoint here only widens the type.
 */
export const api = baseApi.injectEndpoints({ endpoints: () => ({}) as RouteEndpointDefinitions<RouteTable> });

type Endpoints = typeof api.endpoints;

/** The name of the route with this method and path (names are chosen by each area; the call is what the spec fixes). */
export type RouteNameAt<M extends HttpMethod, P extends string> = {
  [K in RouteName]: RouteTable[K] extends { method: M; path: P } ? K : never;
}[RouteName];

/** The endpoint of a call of spec 7, looked up by method and path; loosely typed until its route exists. */
export type EndpointAt<M extends HttpMethod, P extends string> =
  [RouteNameAt<M, P>] extends [never] ? any : Endpoints[RouteNameAt<M, P>];

export function routeNameAt<M extends HttpMethod, P extends string>(method: M, path: P): RouteNameAt<M, P> | undefined {
  const found = (Object.keys(routeTable) as RouteName[]).find((name) => {
    const def = routeTable[name] as { method: string; path: string };
    return def.method === method && def.path === path;
  });
  return found as RouteNameAt<M, P> | undefined;
}

/** A stand-in for a call whose route is not in the table: its hooks report an error instead of crashing. */
const missingEndpoint = (method: string, path: string) => {
  const error = { status: 'CUSTOM_ERROR', error: `No route ${method} ${path}` };
  const state = { data: undefined, currentData: undefined, error, isError: true, isLoading: false, isFetching: false, isSuccess: false, isUninitialized: false, refetch: () => undefined };
  return {
    useQuery: () => state,
    useLazyQuery: () => [() => Promise.resolve({ error }), state],
    useMutation: () => [() => Object.assign(Promise.resolve({ error }), { unwrap: () => Promise.reject(error), reset: () => undefined }), { ...state, reset: () => undefined }],
    initiate: () => () => Object.assign(Promise.resolve({ error }), { unwrap: () => Promise.reject(error), unsubscribe: () => undefined, reset: () => undefined }),
    select: () => () => ({ ...state, status: 'rejected' }),
    matchFulfilled: () => false,
    matchRejected: () => false,
    matchPending: () => false,
  };
};

export function endpointAt<M extends HttpMethod, P extends string>(method: M, path: P): EndpointAt<M, P> {
  const name = routeNameAt(method, path);
  return (name ? (api.endpoints as Record<string, unknown>)[name] : missingEndpoint(method, path)) as EndpointAt<M, P>;
}
