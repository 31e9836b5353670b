import { updateRoutes } from '../../../shared/api/routes/updates';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The updates area of the route table as RTK Query endpoints. */
export const updatesApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, updateRoutes) });
