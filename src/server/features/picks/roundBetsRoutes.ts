import { roundBetRoutes } from '../../../shared/api/routes/roundBets';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import {
  clearRoundBet, elegibleTeamIds, fillRoundBet, roundBetsIndex, roundBetsOfRound, roundPointsInfo, teamsNextRoundByUser,
} from './roundBetsService';
import { withLocalRoundName, withLocalRoundNames, withLocalTeamNames } from './localisedPicks';

export function roundBetHandlers(deps: AppDeps): RouteHandlers<typeof roundBetRoutes> {
  return {
    roundBets: ({ params, user }) => roundBetsOfRound(deps, user, params.league_id, params.round_id),
    roundBetsIndex: ({ params, query, user, req }) => withLocalRoundNames(roundBetsIndex(deps, user, params.id, query), req.locale),
    teamsNextRoundByUser: ({ params, user, req }) => withLocalTeamNames(teamsNextRoundByUser(deps, user, params.league_id, params.round_id), req.locale),
    elegibleTeamIds: ({ params, user }) => elegibleTeamIds(deps, user, params.league_id, params.league_rule_id),
    roundPointsInfo: ({ params, user, req }) => roundPointsInfo(deps, user, params.id, req.t, req.locale),
    fillRoundBet: async ({ body, user, req }) => withLocalRoundName(await fillRoundBet(deps, user, body), req.locale),
    clearRoundBet: async ({ body, user, req }) => withLocalRoundName(await clearRoundBet(deps, user, body), req.locale),
  };
}
