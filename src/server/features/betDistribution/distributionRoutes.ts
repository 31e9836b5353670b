import { betDistributionRoutes } from '../../../shared/api/routes/betDistribution';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { pickDistribution, resultBetDistribution } from './distributionService';

export function betDistributionHandlers(deps: AppDeps): RouteHandlers<typeof betDistributionRoutes> {
  return {
    resultBetDistribution: ({ user, params }) => resultBetDistribution(deps, user, params.league_id, params.match_id),
    pickDistribution: ({ user, params }) => pickDistribution(deps, user, params.league_id, params.league_rule_id),
  };
}
