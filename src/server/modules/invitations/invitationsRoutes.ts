import { invitationRoutes } from '../../../shared/api/routes/invitations';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function invitationHandlers(_deps: AppDeps): RouteHandlers<typeof invitationRoutes> {
  return {};
}
