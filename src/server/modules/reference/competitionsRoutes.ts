import { competitionRoutes } from '../../../shared/api/routes/competitions';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';
import { cacheFor, LONG_CACHE, SHORT_CACHE } from './cacheControl';
import * as service from './competitionsService';
import { cachedJson } from './referenceCache';

export function competitionHandlers(deps: AppDeps): RouteHandlers<typeof competitionRoutes> {
  return {
    competitionIndex: async ({ reply }) => {
      const list = await service.listCompetitions(deps, false);
      cacheFor(reply, LONG_CACHE);
      return list;
    },
    competitionActive: async ({ reply }) => {
      const list = await service.listCompetitions(deps, true);
      cacheFor(reply, LONG_CACHE);
      return list;
    },
    competitionShow: async ({ params, reply }) => {
      const competition = await service.showCompetition(deps, params.id);
      cacheFor(reply, LONG_CACHE);
      return competition;
    },
    competitionLeagueRules: async ({ params, reply }) => {
      const rules = await service.competitionLeagueRules(deps, params.id);
      cacheFor(reply, LONG_CACHE);
      return rules;
    },
    competitionClassification: async ({ params, reply }) => {
      const rows = await cachedJson(deps, reply, `classification:${params.id}`, () => service.classification(deps, params.id));
      cacheFor(reply, SHORT_CACHE);
      return rows;
    },
    competitionWinnerRound: async ({ params, reply }) => {
      const round = await service.winnerRound(deps, params.id);
      cacheFor(reply, LONG_CACHE);
      return round;
    },
    competitionNextRound: async ({ params, reply }) => {
      const round = await service.nextRound(deps, params.id);
      cacheFor(reply, SHORT_CACHE);
      return round;
    },
    competitionScorers: async ({ params, reply }) => {
      const list = await service.scorers(deps, params.id);
      cacheFor(reply, SHORT_CACHE);
      return list;
    },
    competitionAvailableTeamIds: async ({ params, reply }) => {
      const ids = await service.availableTeamIds(deps, params.id, params.round_id);
      cacheFor(reply, SHORT_CACHE);
      return ids;
    },
  };
}
