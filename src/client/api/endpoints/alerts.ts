import { alertRoutes } from '../../../shared/api/routes/alerts';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The alerts area of the route table as RTK Query endpoints. */
export const alertsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, alertRoutes) });
