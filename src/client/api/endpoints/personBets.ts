import { personBetRoutes } from '../../../shared/api/routes/personBets';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The personBets area of the route table as RTK Query endpoints. */
export const personBetsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, personBetRoutes) });
