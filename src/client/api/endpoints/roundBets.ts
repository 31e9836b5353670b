import { roundBetRoutes } from '../../../shared/api/routes/roundBets';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The roundBets area of the route table as RTK Query endpoints. */
export const roundBetsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, roundBetRoutes) });
