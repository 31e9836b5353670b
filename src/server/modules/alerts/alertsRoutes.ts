import { alertRoutes } from '../../../shared/api/routes/alerts';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function alertHandlers(_deps: AppDeps): RouteHandlers<typeof alertRoutes> {
  return {};
}
