import { referenceRoutes } from '../../../shared/api/routes/reference';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function referenceHandlers(_deps: AppDeps): RouteHandlers<typeof referenceRoutes> {
  return {};
}
