import { personBetRoutes } from '../../../shared/api/routes/personBets';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';
import {
  clearPersonBet, fillPersonBet, personBetsIndex, personBetsOfRule, personPointsInfo,
} from './personBetsService';

export function personBetHandlers(deps: AppDeps): RouteHandlers<typeof personBetRoutes> {
  return {
    personBetsIndex: ({ params, query, user }) => personBetsIndex(deps, user, params.id, query),
    personBetsOfRule: ({ params, user }) => personBetsOfRule(deps, user, params.league_id, params.league_rule_id),
    personPointsInfo: ({ params, user, req }) => personPointsInfo(deps, user, params.id, req.t),
    fillPersonBet: ({ body, user }) => fillPersonBet(deps, user, body),
    clearPersonBet: ({ body, user }) => clearPersonBet(deps, user, body),
  };
}
