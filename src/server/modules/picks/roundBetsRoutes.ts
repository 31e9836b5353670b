import { roundBetRoutes } from '../../../shared/api/routes/roundBets';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';
import {
  clearRoundBet, elegibleTeamIds, fillRoundBet, roundBetsIndex, roundBetsOfRound, roundPointsInfo, teamsNextRoundByUser,
} from './roundBetsService';

export function roundBetHandlers(deps: AppDeps): RouteHandlers<typeof roundBetRoutes> {
  return {
    roundBets: ({ params, user }) => roundBetsOfRound(deps, user, params.league_id, params.round_id),
    roundBetsIndex: ({ params, query, user }) => roundBetsIndex(deps, user, params.id, query),
    teamsNextRoundByUser: ({ params, user }) => teamsNextRoundByUser(deps, user, params.league_id, params.round_id),
    elegibleTeamIds: ({ params, user }) => elegibleTeamIds(deps, user, params.league_id, params.league_rule_id),
    roundPointsInfo: ({ params, user, req }) => roundPointsInfo(deps, user, params.id, req.t),
    fillRoundBet: ({ body, user }) => fillRoundBet(deps, user, body),
    clearRoundBet: ({ body, user }) => clearRoundBet(deps, user, body),
  };
}
