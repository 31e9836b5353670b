import { alertRoutes } from '../../../shared/api/routes/alerts';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import * as alerts from './alertsService';

export function alertHandlers(deps: AppDeps): RouteHandlers<typeof alertRoutes> {
  return {
    alertsIndex: ({ user, req }) => alerts.index(deps, user, req.t, req.locale),
  };
}
