import { pushRoutes } from '../../../shared/api/routes/push';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The push area of the route table as RTK Query endpoints. */
export const pushApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, pushRoutes) });
