import { resultBetRoutes } from '../../../shared/api/routes/resultBets';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function resultBetHandlers(_deps: AppDeps): RouteHandlers<typeof resultBetRoutes> {
  return {};
}
