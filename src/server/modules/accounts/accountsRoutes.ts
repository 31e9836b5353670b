import { accountRoutes } from '../../../shared/api/routes/accounts';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function accountHandlers(_deps: AppDeps): RouteHandlers<typeof accountRoutes> {
  return {};
}
