import { userRoutes } from '../../../shared/api/routes/users';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The users area of the route table as RTK Query endpoints. */
export const usersApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, userRoutes) });
