import { invitationPreviewRoutes } from '../../../shared/api/routes/invitationPreview';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { invitationPreview } from './invitationPreviewService';

export function invitationPreviewHandlers(deps: AppDeps): RouteHandlers<typeof invitationPreviewRoutes> {
  return {
    invitationPreview: async ({ query }) => invitationPreview(deps, query.token),
  };
}
