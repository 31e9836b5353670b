import { liveRoutes } from '../../../shared/api/routes/live';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/**
 * The live area of the route table. Its one route is a Server-Sent Events stream: screens follow it with
 * useLeagueLive (features/live), which reads it with fetch; the generated endpoint exists only because every
 * route has one.
 */
export const liveApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, liveRoutes) });
