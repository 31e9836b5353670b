import { updateRoutes } from '../../../shared/api/routes/updates';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function updateHandlers(_deps: AppDeps): RouteHandlers<typeof updateRoutes> {
  return {};
}
