import { referenceRoutes } from '../../../shared/api/routes/reference';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { cachedRead, LONG_CACHE, SHORT_CACHE } from '../../platform/caching/cacheControl';
import * as matches from './matchesService';
import { cachedJson } from '../../platform/caching/referenceCache';
import * as reference from './referenceService';

export function referenceHandlers(deps: AppDeps): RouteHandlers<typeof referenceRoutes> {
  return {
    leagueRulesIndex: ({ reply }) => cachedRead(reply, LONG_CACHE, reference.leagueRules(deps, false)),
    leagueRulesScorer: ({ reply }) => cachedRead(reply, LONG_CACHE, reference.leagueRules(deps, true)),
    nextMatches: ({ query, reply }) => cachedRead(reply, SHORT_CACHE, matches.nextMatches(deps, query.competition_id)),
    matchesIndex: ({ params, query, reply }) => cachedRead(reply, SHORT_CACHE,
      cachedJson(deps, reply, `matches:${params.id}:${query.matchday ?? ''}`, (readDeps) => matches.competitionMatches(readDeps, params.id, query.matchday))),
    matchInfo: ({ params, reply }) => cachedRead(reply, SHORT_CACHE, matches.matchdayInfo(deps, params.id)),
    matchShow: ({ params, reply }) => cachedRead(reply, SHORT_CACHE, matches.showMatch(deps, params.id)),
    roundsIndex: ({ req, reply }) => cachedRead(reply, LONG_CACHE, reference.rounds(deps, undefined, req.locale)),
    roundsOfCompetition: ({ req, params, reply }) => cachedRead(reply, LONG_CACHE, reference.rounds(deps, params.id, req.locale)),
    roundShow: ({ req, params, reply }) => cachedRead(reply, LONG_CACHE, reference.showRound(deps, params.id, req.locale)),
    teamsIndex: ({ req, reply }) => cachedRead(reply, LONG_CACHE, cachedJson(deps, reply, `teams:${req.locale}`, (readDeps) => reference.teams(readDeps, undefined, req.locale))),
    teamsOfCompetition: ({ req, params, reply }) => cachedRead(reply, LONG_CACHE, cachedJson(deps, reply, `teams:${req.locale}:${params.id}`, (readDeps) => reference.teams(readDeps, params.id, req.locale))),
    peopleOfCompetition: ({ params, reply }) => cachedRead(reply, LONG_CACHE, cachedJson(deps, reply, `people:${params.id}`, (readDeps) => reference.people(readDeps, params.id))),
    groupsIndex: ({ req, reply }) => cachedRead(reply, LONG_CACHE, reference.groups(deps, undefined, req.locale)),
    groupsOfCompetition: ({ req, params, reply }) => cachedRead(reply, LONG_CACHE, reference.groups(deps, params.id, req.locale)),
    groupShow: ({ req, params, reply }) => cachedRead(reply, LONG_CACHE, reference.showGroup(deps, params.id, req.locale)),
    groupTeamsIndex: ({ query, reply }) => cachedRead(reply, LONG_CACHE, reference.groupTeams(deps, query.competition_id)),
  };
}
