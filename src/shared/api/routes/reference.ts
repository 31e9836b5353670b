import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Group, GroupTeam, LeagueRule, Match, Person, Round, Team } from '../entities';
import { Id, IdParams, Nullable, Strict } from '../schemas';

const Matchday = Type.Integer({ minimum: 1, maximum: 1000 });

export const MatchdayInfo = Type.Object({
  /** Highest matchday with a started match; the first matchday when none has started (at least 1). */
  lastPlayedMatchday: Type.Integer(),
  /** First matchday with a match not started yet, or null when all have started. */
  nextMatchday: Nullable(Type.Integer()),
  matchdays: Type.Array(Type.Integer()),
  /** Each matchday's round, for naming knockout matchdays by round ("Semi-finals"; shared/domain/matchNames.ts). */
  matchdayRounds: Type.Array(Type.Object({ matchday: Type.Integer(), round_id: Id })),
});
export type MatchdayInfo = Static<typeof MatchdayInfo>;

const CompetitionFilter = Strict({ competition_id: Type.Optional(Id) });

export const referenceRoutes = {
  leagueRulesIndex: route({
    method: 'GET', path: '/league_rules/index', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Every pick rule of every competition', response: Type.Array(LeagueRule),
  }),
  leagueRulesScorer: route({
    method: 'GET', path: '/league_rules/scorer', prefixed: true, access: 'public', tokens: 'read',
    summary: 'The top-scorer rule of every competition', response: Type.Array(LeagueRule),
  }),
  nextMatches: route({
    method: 'GET', path: '/matches/next_matches', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Matches in play and the next ones of active competitions, in date order (at most 30)',
    query: CompetitionFilter, response: Type.Array(Match),
  }),
  matchesIndex: route({
    method: 'GET', path: '/matches/index/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Matches of a competition in date order, optionally of one matchday',
    params: IdParams, query: Strict({ matchday: Type.Optional(Matchday) }), response: Type.Array(Match),
  }),
  matchInfo: route({
    method: 'GET', path: '/matches/info_matchday/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Last played and next matchday of a competition, and the round of each matchday', params: IdParams, response: MatchdayInfo,
  }),
  matchShow: route({
    method: 'GET', path: '/matches/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'A match', params: IdParams, response: Match,
  }),
  roundsIndex: route({
    method: 'GET', path: '/rounds/index', prefixed: true, access: 'public', tokens: 'read',
    summary: 'The round catalogue', response: Type.Array(Round),
  }),
  roundsOfCompetition: route({
    method: 'GET', path: '/rounds/index/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Rounds with matches or pick rules in a competition', params: IdParams, response: Type.Array(Round),
  }),
  roundShow: route({
    method: 'GET', path: '/rounds/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'A round', params: IdParams, response: Round,
  }),
  teamsIndex: route({
    method: 'GET', path: '/teams/index', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Every team', response: Type.Array(Team),
  }),
  teamsOfCompetition: route({
    method: 'GET', path: '/teams/index/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Teams of a competition', params: IdParams, response: Type.Array(Team),
  }),
  peopleOfCompetition: route({
    method: 'GET', path: '/people/index/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'People of a competition (with stats in it, or in one of its teams)', params: IdParams, response: Type.Array(Person),
  }),
  groupsIndex: route({
    method: 'GET', path: '/groups/index', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Every group', response: Type.Array(Group),
  }),
  groupTeamsIndex: route({
    method: 'GET', path: '/groups/index_groups_team', prefixed: true, access: 'public', tokens: 'read',
    errors: [404],
    summary: 'Group-team links, optionally of one competition', query: CompetitionFilter, response: Type.Array(GroupTeam),
  }),
  groupsOfCompetition: route({
    method: 'GET', path: '/groups/index/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Groups of a competition', params: IdParams, response: Type.Array(Group),
  }),
  groupShow: route({
    method: 'GET', path: '/groups/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'A group', params: IdParams, response: Group,
  }),
} as const;
