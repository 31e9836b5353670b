import { adminCompetitionRoutes } from '../../../shared/api/routes/adminCompetitions';
import { adminOperationRoutes } from '../../../shared/api/routes/adminOperations';
import { adminUserRoutes } from '../../../shared/api/routes/adminUsers';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The admin console's areas of the route table (issue 15) as RTK Query endpoints, one injection per area file. */
export const adminCompetitionsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, adminCompetitionRoutes) });
export const adminOperationsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, adminOperationRoutes) });
export const adminUsersApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, adminUserRoutes) });
