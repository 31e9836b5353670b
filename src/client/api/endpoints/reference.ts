import { referenceRoutes } from '../../../shared/api/routes/reference';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The reference area of the route table as RTK Query endpoints. */
export const referenceApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, referenceRoutes) });
