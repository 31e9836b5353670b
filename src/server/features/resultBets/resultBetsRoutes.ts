import { resultBetRoutes } from '../../../shared/api/routes/resultBets';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import * as copyBets from './copyBetsService';
import * as resultBets from './resultBetsService';

export function resultBetHandlers(deps: AppDeps): RouteHandlers<typeof resultBetRoutes> {
  return {
    resultBetsIndex: ({ user, params, query }) => resultBets.index(deps, user, params.id, query),
    lastBets: ({ user, params }) => resultBets.lastBets(deps, user, params.id),
    resultBetPointsInfo: ({ user, params, req }) => resultBets.pointsInfo(deps, user, params.id, req.t),
    updateResultBet: ({ user, body }) => resultBets.update(deps, user, body),
    resetBets: ({ user, body, req }) => copyBets.reset(deps, user, body.league_id, req.t),
    copyBets: ({ user, body, req }) => copyBets.copy(deps, user, body.league_id, body.league_id_to_copy, req.t),
  };
}
