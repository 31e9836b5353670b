import { personBetRoutes } from '../../../shared/api/routes/personBets';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function personBetHandlers(_deps: AppDeps): RouteHandlers<typeof personBetRoutes> {
  return {};
}
