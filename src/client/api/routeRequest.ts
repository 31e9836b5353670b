import type { TSchema } from 'typebox';
import type { RouteBody, RouteDef, RouteParams, RouteQuery } from '../../shared/api/route';

/** What an endpoint hands the base query: the route entry it was built from and the call's parts. */
export interface RouteRequest {
  name: string;
  def: RouteDef;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

type ParamsPart<R extends RouteDef> = R extends { params: TSchema } ? { params: RouteParams<R> } : { params?: undefined };
type QueryPart<R extends RouteDef> = R extends { query: TSchema } ? { query?: RouteQuery<R> } : { query?: undefined };
type BodyPart<R extends RouteDef> = R extends { body: TSchema }
  ? Record<string, never> extends RouteBody<R> ? { body?: RouteBody<R> } : { body: RouteBody<R> }
  : { body?: undefined };
type Parts<R extends RouteDef> = ParamsPart<R> & QueryPart<R> & BodyPart<R>;
type NeedsArgs<R extends RouteDef> = R extends { params: TSchema } ? true : BodyPart<R> extends { body: unknown } ? true : false;

/** The argument of a route's endpoint: `{ params?, query?, body? }` typed from the route's schemas. */
export type RouteArgs<R extends RouteDef> = NeedsArgs<R> extends true ? Parts<R> : Parts<R> | void;
