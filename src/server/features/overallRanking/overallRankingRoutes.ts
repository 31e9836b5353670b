import { overallRankingRoutes } from '../../../shared/api/routes/overallRanking';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import * as ranking from './overallRankingService';

export function overallRankingHandlers(deps: AppDeps): RouteHandlers<typeof overallRankingRoutes> {
  return {
    competitionRanking: ({ user, params, query }) => ranking.rankingPage(deps, user, params.id, query),
    competitionRankingMe: ({ user, params }) => ranking.rankingMe(deps, user, params.id),
    competitionRankingMainLeague: ({ user, params, body }) => ranking.chooseMainLeague(deps, user, params.id, body.league_id),
  };
}
