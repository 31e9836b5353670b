import { calendarRoutes } from '../../../shared/api/routes/calendar';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The calendar area of the route table as RTK Query endpoints. */
export const calendarApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, calendarRoutes) });
