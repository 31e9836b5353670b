import { leagueRoutes } from '../../../shared/api/routes/leagues';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The leagues area of the route table as RTK Query endpoints. */
export const leaguesApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, leagueRoutes) });
