import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Id, IdParams, Mode, Nullable, Strict, Timestamp } from '../schemas';
import { PickPointsInfo, PickRule } from './roundBets';

/** Person picks (Top scorer; spec 7.2, 7.3; DESIGN 4.3, 4.4). */

/** One pick. Other members' person stays null until `allow_show_bets` (the competition's first kickoff). */
export const PersonBet = Type.Object({
  id: Id,
  league_id: Id,
  league_rule_id: Id,
  person_id: Nullable(Id),
  person: Nullable(Type.Object({ id: Id, name: Type.String() })),
  user_id: Id,
  user_name: Type.String(),
  mode: Mode,
  allow_show_bets: Type.Boolean(),
  allow_edit_bets: Type.Boolean(),
  /** Null before the competition starts; then goals so far, plus the top-scorer bonus once it is finished. */
  points: Nullable(Type.Integer()),
});
export type PersonBet = Static<typeof PersonBet>;

/** One member's person picks for one rule of a league (the same shape as round picks). */
export const PersonRulePicks = Type.Object({
  league_rule: PickRule,
  user_id: Id,
  mode: Mode,
  picks_made: Type.Integer(),
  allow_edit_bets: Type.Boolean(),
  allow_show_bets: Type.Boolean(),
  deadline: Nullable(Timestamp),
  bets: Type.Array(PersonBet),
});
export type PersonRulePicks = Static<typeof PersonRulePicks>;

export const PersonBetWrite = Strict({
  league_id: Id,
  league_rule_id: Id,
  person_id: Id,
  user_id: Id,
  /** 0 real pick (default), 1 the member's private simulation. */
  mode: Type.Optional(Mode),
});

export const personBetRoutes = {
  personBetsIndex: route({
    method: 'GET', path: '/person_bets/index/:id', prefixed: true, access: 'user',
    summary: "A member's person picks (default: the caller's) for the league's person rules",
    params: IdParams,
    query: Strict({ user_id: Type.Optional(Id), mode: Type.Optional(Mode) }),
    response: Type.Array(PersonRulePicks),
  }),
  personBetsOfRule: route({
    method: 'GET', path: '/person_bets/index_league_rule/:league_id/:league_rule_id', prefixed: true, access: 'user',
    summary: "Every member's real person picks for a rule in a league (persons hidden until the deadline)",
    params: Strict({ league_id: Id, league_rule_id: Id }), response: Type.Array(PersonBet),
  }),
  personPointsInfo: route({
    method: 'GET', path: '/person_bets/points_info/:id', prefixed: true, access: 'user',
    summary: 'How a person pick scored', params: IdParams, response: PickPointsInfo,
  }),
  fillPersonBet: route({
    method: 'POST', path: '/person_bets/fill_person_bet', prefixed: true, access: 'user', process: 'person_bet_fill',
    summary: 'Pick a person (idempotent); answers the member\'s picks of that rule',
    body: PersonBetWrite, response: PersonRulePicks,
  }),
  clearPersonBet: route({
    method: 'POST', path: '/person_bets/clear_person_bet', prefixed: true, access: 'user', process: 'person_bet_clear',
    summary: 'Remove a person pick; answers the member\'s picks of that rule',
    body: PersonBetWrite, response: PersonRulePicks,
  }),
} as const;
