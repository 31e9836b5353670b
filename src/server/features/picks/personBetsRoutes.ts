import { personBetRoutes } from '../../../shared/api/routes/personBets';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import {
  clearPersonBet, fillPersonBet, personBetsIndex, personBetsOfRule, personPointsInfo,
} from './personBetsService';
import { withLocalRoundName, withLocalRoundNames } from './localisedPicks';

export function personBetHandlers(deps: AppDeps): RouteHandlers<typeof personBetRoutes> {
  return {
    personBetsIndex: ({ params, query, user, req }) => withLocalRoundNames(personBetsIndex(deps, user, params.id, query), req.locale),
    personBetsOfRule: ({ params, user }) => personBetsOfRule(deps, user, params.league_id, params.league_rule_id),
    personPointsInfo: ({ params, user, req }) => personPointsInfo(deps, user, params.id, req.t),
    fillPersonBet: async ({ body, user, req }) => withLocalRoundName(await fillPersonBet(deps, user, body), req.locale),
    clearPersonBet: async ({ body, user, req }) => withLocalRoundName(await clearPersonBet(deps, user, body), req.locale),
  };
}
