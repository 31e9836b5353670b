import { tableRoutes } from '../../../shared/api/routes/tables';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The tables area of the route table as RTK Query endpoints. */
export const tablesApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, tableRoutes) });
