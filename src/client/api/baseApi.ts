import { createApi } from '@reduxjs/toolkit/query/react';
import { apiBaseQuery } from './baseQuery';
import { SHORT_CACHE_SECONDS, TAG_TYPES } from './tags';

/** The one RTK Query api. It has no endpoints of its own: each area injects its endpoints from the route table. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: SHORT_CACHE_SECONDS,
  endpoints: () => ({}),
});
