import { invitationPreviewRoutes } from '../../../shared/api/routes/invitationPreview';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { invitationPreview } from './invitationPreviewService';

export function invitationPreviewHandlers(deps: AppDeps): RouteHandlers<typeof invitationPreviewRoutes> {
  return {
    invitationPreview: async ({ query, reply }) => {
      // Addressed to one person (it names their address): no shared cache keeps it.
      reply.header('cache-control', 'no-store');
      return invitationPreview(deps, query.token);
    },
  };
}
