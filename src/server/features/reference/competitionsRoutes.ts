import { competitionRoutes } from '../../../shared/api/routes/competitions';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { cachedRead, LONG_CACHE, SHORT_CACHE } from '../../platform/caching/cacheControl';
import * as service from './competitionsService';
import { cachedJson } from '../../platform/caching/referenceCache';

export function competitionHandlers(deps: AppDeps): RouteHandlers<typeof competitionRoutes> {
  return {
    competitionIndex: ({ reply }) => cachedRead(reply, LONG_CACHE, service.listCompetitions(deps, false)),
    competitionActive: ({ reply }) => cachedRead(reply, LONG_CACHE, service.listCompetitions(deps, true)),
    competitionShow: ({ params, reply }) => cachedRead(reply, LONG_CACHE, service.showCompetition(deps, params.id)),
    competitionLeagueRules: ({ params, reply }) => cachedRead(reply, LONG_CACHE, service.competitionLeagueRules(deps, params.id)),
    competitionClassification: ({ params, reply }) => cachedRead(reply, SHORT_CACHE,
      cachedJson(deps, reply, `classification:${params.id}`, (readDeps) => service.classification(readDeps, params.id))),
    competitionWinnerRound: ({ req, params, reply }) => cachedRead(reply, LONG_CACHE, service.winnerRound(deps, params.id, req.locale)),
    competitionNextRound: ({ req, params, reply }) => cachedRead(reply, SHORT_CACHE, service.nextRound(deps, params.id, req.locale)),
    competitionScorers: ({ params, reply }) => cachedRead(reply, SHORT_CACHE, service.scorers(deps, params.id)),
    competitionAvailableTeamIds: ({ params, reply }) => cachedRead(reply, SHORT_CACHE,
      service.availableTeamIds(deps, params.id, params.round_id)),
  };
}
