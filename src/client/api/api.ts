import { routeTable } from '../../shared/api/routeTable';
import { baseApi } from './baseApi';
import { buildRouteEndpoints } from './routeEndpoints';

/**
 * The api with one endpoint per entry of the route table, under the entry's name: a GET is a query, any other
 * method a mutation, and both are typed from the entry's schemas (`api.endpoints.leagueShow.useQuery({ params })`).
 */
export const api = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, routeTable) });
