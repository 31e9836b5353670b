import { fairOddsRoutes } from '../../../shared/api/routes/fairOdds';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { fairOdds } from './fairOddsService';

export function fairOddsHandlers(deps: AppDeps): RouteHandlers<typeof fairOddsRoutes> {
  return {
    fairOddsIndex: ({ user, params, query }) => fairOdds(deps, user, params.id, { matchday: query.matchday, matchId: query.match_id }),
  };
}
