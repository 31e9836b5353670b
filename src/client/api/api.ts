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
import './endpoints/live';
import './endpoints/calendar';
import './endpoints/adminConsole';
import './endpoints/gameDepth';

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

/** The paths the table has for a method: a typo in a call's path is a type error. */
export type RoutePathOf<M extends HttpMethod> = {
  [K in RouteName]: RouteTable[K] extends { method: M; path: infer P } ? P : never;
}[RouteName];

export function routeNameAt<M extends HttpMethod, P extends string>(method: M, path: P): RouteNameAt<M, P> | undefined {
  const found = (Object.keys(routeTable) as RouteName[]).find((name) => {
    const def = routeTable[name] as { method: string; path: string };
    return def.method === method && def.path === path;
  });
  return found as RouteNameAt<M, P> | undefined;
}

/** The endpoint of a call of spec 7, looked up by the method and path the spec gives it. */
export function endpointAt<M extends HttpMethod, P extends RoutePathOf<M>>(method: M, path: P): Endpoints[RouteNameAt<M, P>] {
  const name = routeNameAt(method, path);
  if (!name) throw new Error(`The route table has no ${method} ${path}`);
  return api.endpoints[name];
}
