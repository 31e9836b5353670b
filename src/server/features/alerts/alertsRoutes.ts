import { alertRoutes } from '../../../shared/api/routes/alerts';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { alertsService } from './alertsService';

export function alertHandlers(deps: AppDeps): RouteHandlers<typeof alertRoutes> {
  const alerts = alertsService(deps);
  return {
    alertsIndex: ({ user, req }) => alerts.index(user, req.t),
  };
}
