import { roundBetRoutes } from '../../../shared/api/routes/roundBets';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';

export function roundBetHandlers(_deps: AppDeps): RouteHandlers<typeof roundBetRoutes> {
  return {};
}
