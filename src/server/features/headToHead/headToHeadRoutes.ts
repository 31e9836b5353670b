import { headToHeadRoutes } from '../../../shared/api/routes/headToHead';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { headToHead } from './headToHeadService';

export function headToHeadHandlers(deps: AppDeps): RouteHandlers<typeof headToHeadRoutes> {
  return {
    leagueHeadToHead: async ({ user, params }) => headToHead(deps, user, params.id),
  };
}
