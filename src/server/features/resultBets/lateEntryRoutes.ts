import { lateEntryRoutes } from '../../../shared/api/routes/lateEntry';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { enterLateBet } from './lateEntryService';

export function lateEntryHandlers(deps: AppDeps): RouteHandlers<typeof lateEntryRoutes> {
  return {
    resultBetLateEntry: ({ user, body }) => enterLateBet(deps, user, body),
  };
}
