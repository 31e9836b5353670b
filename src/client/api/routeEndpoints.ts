import type { EndpointBuilder, MutationDefinition, QueryDefinition, TagDescription } from '@reduxjs/toolkit/query/react';
import type { RouteDef, RouteResponse } from '../../shared/api/route';
import type { apiBaseQuery } from './baseQuery';
import type { RouteArgs, RouteRequest } from './routeRequest';
import { ALSO_INVALIDATED, ANSWERED_WITH_ROW, cacheSecondsFor, tagForPath, type TagType } from './tags';

type ApiBaseQuery = typeof apiBaseQuery;
type Tag = TagDescription<TagType>;

/** The RTK Query definitions of a set of routes: a query for each GET, a mutation for every other method. */
type RouteEndpointDefinitions<T extends Record<string, RouteDef>> = {
  [K in keyof T & string]: T[K]['method'] extends 'GET'
    ? QueryDefinition<RouteArgs<T[K]>, ApiBaseQuery, TagType, RouteResponse<T[K]>, 'api'>
    : MutationDefinition<RouteArgs<T[K]>, ApiBaseQuery, TagType, RouteResponse<T[K]>, 'api'>;
};

type Args = { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } | void;

/** Ids a call names: the `:id` parameter, or `*_id` / `id` fields of its query and body. */
function touchedIds(args: Args, tag: TagType): (string | number)[] {
  if (!args) return [];
  const ids = new Set<string | number>();
  if (args.params && 'id' in args.params) ids.add(args.params.id);
  const body = args.body && typeof args.body === 'object' ? (args.body as Record<string, unknown>) : {};
  const own = tag === 'League' ? 'league_id' : tag === 'ResultBet' ? 'result_bet_id' : undefined;
  if (own && typeof body[own] === 'number') ids.add(body[own] as number);
  return [...ids];
}

/** Row tags of a list answer (`[{ id }]`), so a write to one row refreshes the lists that hold it. */
function rowTags(result: unknown, tag: TagType): Tag[] {
  if (!Array.isArray(result)) return [];
  return result.filter((row): row is { id: string | number } => row && typeof row === 'object' && 'id' in row)
    .map((row) => ({ type: tag, id: row.id }));
}

/** Builds one endpoint per route entry; tags from the path, cache lifetime from the tag. */
export function buildRouteEndpoints<T extends Record<string, RouteDef>>(
  build: EndpointBuilder<ApiBaseQuery, TagType, 'api'>, routes: T,
): RouteEndpointDefinitions<T> {
  const endpoints: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(routes)) {
    const tag = tagForPath(def.path);
    const query = (args: Args): RouteRequest => ({ name, def, ...(args ?? {}) });
    if (def.method === 'GET') {
      endpoints[name] = build.query<unknown, Args>({
        query,
        keepUnusedDataFor: cacheSecondsFor(tag),
        providesTags: (result, _error, args) => [
          { type: tag, id: 'LIST' },
          ...touchedIds(args, tag).map((id) => ({ type: tag, id })),
          ...rowTags(result, tag),
        ],
      });
    } else {
      endpoints[name] = build.mutation<unknown, Args>({
        query,
        invalidatesTags: (_result, error, args) => {
          if (error) return [];
          const ids = touchedIds(args, tag);
          const own: Tag[] = ids.length ? [{ type: tag, id: 'LIST' }, ...ids.map((id) => ({ type: tag, id }))] : [tag];
          return [...(ANSWERED_WITH_ROW.has(name) ? [] : own), ...(ALSO_INVALIDATED[tag] ?? [])];
        },
      });
    }
  }
  return endpoints as RouteEndpointDefinitions<T>;
}
