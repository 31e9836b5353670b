import { accountRoutes } from '../../../shared/api/routes/accounts';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The accounts area of the route table as RTK Query endpoints. */
export const accountsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, accountRoutes) });
