import { resultBetRoutes } from '../../../shared/api/routes/resultBets';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import * as copyBets from './copyBetsService';
import { resultBetsService } from './resultBetsService';

export function resultBetHandlers(deps: AppDeps): RouteHandlers<typeof resultBetRoutes> {
  const bets = resultBetsService(deps);
  return {
    resultBetsIndex: ({ user, params, query }) => bets.index(user, params.id, query),
    lastBets: ({ user, params }) => bets.lastBets(user, params.id),
    resultBetPointsInfo: ({ user, params, req }) => bets.pointsInfo(user, params.id, req.t),
    updateResultBet: ({ user, body }) => bets.update(user, body),
    resetBets: ({ user, body, req }) => copyBets.reset(deps, user, body.league_id, req.t),
    copyBets: ({ user, body, req }) => copyBets.copy(deps, user, body.league_id, body.league_id_to_copy, req.t),
  };
}
