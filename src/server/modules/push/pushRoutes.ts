import { pushRoutes } from '../../../shared/api/routes/push';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function pushHandlers(_deps: AppDeps): RouteHandlers<typeof pushRoutes> {
  return {};
}
