import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Id, IdParams, Mode, Nullable, Strict } from '../schemas';
import { PickPointsInfo, pickBet, pickWrite, rulePicks } from './picksCommon';

/** Person picks (Top scorer). */

/**
 * One pick: a person (shown from the competition's first kickoff). Points: goals so far once the competition
 * has started, plus the top-scorer bonus once it is finished.
 */
export const PersonBet = pickBet({ person_id: Nullable(Id), person: Nullable(Type.Object({ id: Id, name: Type.String() })) });
export type PersonBet = Static<typeof PersonBet>;

export const PersonRulePicks = rulePicks(PersonBet);
export type PersonRulePicks = Static<typeof PersonRulePicks>;

const PersonBetWrite = pickWrite({ person_id: Id });

export const personBetRoutes = {
  personBetsIndex: route({
    method: 'GET', path: '/person_bets/index/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "A member's person picks (default: the caller's) for the league's person rules",
    params: IdParams,
    query: Strict({ user_id: Type.Optional(Id), mode: Type.Optional(Mode) }),
    response: Type.Array(PersonRulePicks),
  }),
  personBetsOfRule: route({
    method: 'GET', path: '/person_bets/index_league_rule/:league_id/:league_rule_id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "Every member's real person picks for a rule in a league (persons hidden until the deadline)",
    params: Strict({ league_id: Id, league_rule_id: Id }), response: Type.Array(PersonBet),
  }),
  personPointsInfo: route({
    method: 'GET', path: '/person_bets/points_info/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'How a person pick scored', params: IdParams, response: PickPointsInfo,
  }),
  fillPersonBet: route({
    method: 'POST', path: '/person_bets/fill_person_bet', prefixed: true, access: 'user', tokens: 'bet', process: 'person_bet_fill',
    errors: [403, 404],
    summary: 'Pick a person (idempotent); answers the member\'s picks of that rule',
    body: PersonBetWrite, response: PersonRulePicks,
  }),
  clearPersonBet: route({
    method: 'POST', path: '/person_bets/clear_person_bet', prefixed: true, access: 'user', tokens: 'bet', process: 'person_bet_clear',
    errors: [403, 404],
    summary: 'Remove a person pick; answers the member\'s picks of that rule',
    body: PersonBetWrite, response: PersonRulePicks,
  }),
} as const;
