import { nudgeRoutes } from '../../../shared/api/routes/nudges';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { missingBets, nudgeMembers } from './nudgesService';

export function nudgeHandlers(deps: AppDeps): RouteHandlers<typeof nudgeRoutes> {
  return {
    leagueMissingBets: async ({ user, params }) => missingBets(deps, user, params.id),
    leagueNudge: async ({ user, params, req }) => {
      // The push and email leave in the background: the owner's answer never waits for SMTP or a push service.
      const { nudged, answer } = await nudgeMembers(deps, user, params.id);
      return { message: req.t('success.nudged', { names: nudged.map((m) => m.user_name).join(', ') }), ...answer };
    },
  };
}
