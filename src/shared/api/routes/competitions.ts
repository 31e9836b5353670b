import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Competition, LeagueRule, Round, Scorer } from '../entities';
import { Id, IdParams, Nullable, Strict } from '../schemas';

/** One row of a classic table; cups have one table per group (group_id set), leagues one (group_id null). */
export const ClassificationRow = Type.Object({
  team_id: Id,
  group_id: Nullable(Id),
  position: Type.Integer(),
  played: Type.Integer(),
  wins: Type.Integer(),
  draws: Type.Integer(),
  losses: Type.Integer(),
  goals_for: Type.Integer(),
  goals_against: Type.Integer(),
  goal_difference: Type.Integer(),
  /** Last five results, most recent last. */
  streak: Type.Array(Type.Union([Type.Literal('W'), Type.Literal('D'), Type.Literal('L')])),
  points: Type.Integer(),
});
export type ClassificationRow = Static<typeof ClassificationRow>;

const CompetitionRoundParams = Strict({ id: Id, round_id: Id });

export const competitionRoutes = {
  competitionIndex: route({
    method: 'GET', path: '/competition/index', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Every competition', response: Type.Array(Competition),
  }),
  competitionActive: route({
    method: 'GET', path: '/competition/active', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Competitions not finished yet', response: Type.Array(Competition),
  }),
  competitionShow: route({
    method: 'GET', path: '/competition/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'A competition', params: IdParams, response: Competition,
  }),
  competitionLeagueRules: route({
    method: 'GET', path: '/competition/league_rules/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'The pick rules of a competition', params: IdParams, response: Type.Array(LeagueRule),
  }),
  competitionClassification: route({
    method: 'GET', path: '/competition/classification/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Classic table from finished matches: per group for cups (ordered by group name), one table for leagues',
    params: IdParams, response: Type.Array(ClassificationRow),
  }),
  competitionWinnerRound: route({
    method: 'GET', path: '/competition/winner_round/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'The round whose picks decide the champion (Champion or League champion), null if it has no rule',
    params: IdParams, response: Nullable(Round),
  }),
  competitionNextRound: route({
    method: 'GET', path: '/competition/next_round/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'The next knockout round whose first match has not started, or null',
    params: IdParams, response: Nullable(Round),
  }),
  competitionScorers: route({
    method: 'GET', path: '/competition/scorers/:id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'People with goals or assists, most goals first, then assists, then name',
    params: IdParams, response: Type.Array(Scorer),
  }),
  competitionAvailableTeamIds: route({
    method: 'GET', path: '/competition/available_team_ids/:id/:round_id', prefixed: true, access: 'public', tokens: 'read',
    summary: 'Ids of the teams known to play in a round (every team of the competition for final-table and person rounds)',
    params: CompetitionRoundParams, response: Type.Array(Id),
  }),
} as const;
