import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Id, IdParams, Mode, Nullable, Strict } from '../schemas';
import { PickPointsInfo, pickBet, pickWrite, rulePicks } from './picksCommon';

/**
 * Round picks: which teams reach each round, who is champion, and for
 * league competitions champion, European places and relegation.
 */

/** One pick: a team. Its points stay null until the round is decided. */
export const RoundBet = pickBet({ round_id: Type.Integer(), team_id: Nullable(Id) });
export type RoundBet = Static<typeof RoundBet>;

export const RoundRulePicks = rulePicks(RoundBet);
export type RoundRulePicks = Static<typeof RoundRulePicks>;

export const TeamPickCount = Type.Object({ team_id: Id, team_name: Type.String(), users: Type.Integer() });
export type TeamPickCount = Static<typeof TeamPickCount>;

const RoundBetWrite = pickWrite({ team_id: Id });

const LeagueRoundParams = Strict({ league_id: Id, round_id: Type.Integer({ minimum: 1, maximum: 100 }) });

export const roundBetRoutes = {
  roundBets: route({
    method: 'GET', path: '/round_bets/round_bets/:league_id/:round_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "Every member's real picks for a round in a league (teams hidden until the deadline)",
    params: LeagueRoundParams, response: Type.Array(RoundBet),
  }),
  roundBetsIndex: route({
    method: 'GET', path: '/round_bets/index/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "A member's picks (default: the caller's) for every round rule active in the league",
    params: IdParams,
    query: Strict({
      user_id: Type.Optional(Id),
      /** Accepted for the client's convenience; picks are not per matchday. */
      matchday: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      mode: Type.Optional(Mode),
    }),
    response: Type.Array(RoundRulePicks),
  }),
  teamsNextRoundByUser: route({
    method: 'GET', path: '/round_bets/teams_next_round_by_user/:league_id/:round_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'How many distinct members picked each team for a round (visible picks only), most picked first',
    params: LeagueRoundParams, response: Type.Array(TeamPickCount),
  }),
  elegibleTeamIds: route({
    method: 'GET', path: '/round_bets/elegible_team_ids/:league_id/:league_rule_id/:user_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'Teams that can still reach the round of a league rule (not knocked out)',
    params: Strict({ league_id: Id, league_rule_id: Id, user_id: Id }), response: Type.Array(Id),
  }),
  roundPointsInfo: route({
    method: 'GET', path: '/round_bets/points_info/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'How a round pick scored', params: IdParams, response: PickPointsInfo,
  }),
  fillRoundBet: route({
    method: 'POST', path: '/round_bets/fill_round_bet', prefixed: true, access: 'user', tokens: 'bet', process: 'round_bet_fill',
    errors: [403, 404],
    summary: 'Pick a team for a round (idempotent); answers the member\'s picks of that rule',
    body: RoundBetWrite, response: RoundRulePicks,
  }),
  clearRoundBet: route({
    method: 'POST', path: '/round_bets/clear_round_bet', prefixed: true, access: 'user', tokens: 'bet', process: 'round_bet_clear',
    errors: [403, 404],
    summary: 'Remove a team pick; answers the member\'s picks of that rule',
    body: RoundBetWrite, response: RoundRulePicks,
  }),
} as const;
