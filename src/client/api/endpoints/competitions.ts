import { competitionRoutes } from '../../../shared/api/routes/competitions';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The competitions area of the route table as RTK Query endpoints. */
export const competitionsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, competitionRoutes) });
