import { resultBetRoutes } from '../../../shared/api/routes/resultBets';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The resultBets area of the route table as RTK Query endpoints. */
export const resultBetsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, resultBetRoutes) });
