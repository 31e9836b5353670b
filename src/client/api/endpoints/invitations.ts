import { invitationRoutes } from '../../../shared/api/routes/invitations';
import { baseApi } from '../baseApi';
import { buildRouteEndpoints } from '../routeEndpoints';

/** The invitations area of the route table as RTK Query endpoints. */
export const invitationsApi = baseApi.injectEndpoints({ endpoints: (build) => buildRouteEndpoints(build, invitationRoutes) });
