import Type from 'typebox';
import { Match } from '../entities';
import { route } from '../route';
import { Id, IdParams, Message, Mode, Nullable, Strict, Timestamp } from '../schemas';

const Goals = Nullable(Type.Integer({ minimum: 0, maximum: 9 }));

/** A result bet as the client shows it. Other users' goals are null until allow_show_bets. */
export const ResultBet = Type.Object({
  id: Id,
  match: Match,
  match_id: Id,
  league_id: Id,
  user_id: Id,
  user_name: Type.String(),
  local_goals: Goals,
  visiting_goals: Goals,
  local_goals_edit: Goals,
  visiting_goals_edit: Goals,
  allow_show_bets: Type.Boolean(),
  allow_edit_bets: Type.Boolean(),
  modified_after_start: Type.Boolean(),
  /** The league's owner entered or corrected it after its deadline (late entry, in the league's log). */
  late_entry: Type.Boolean(),
  /** Null on another member's bet while it is hidden: when it changed would tell whether they have bet. */
  updated_at: Nullable(Timestamp),
  result_established: Type.Boolean(),
  points: Nullable(Type.Integer()),
  mode: Mode,
  /** The member's joker on this bet (others see it only once they may see the bet). */
  joker: Type.Boolean(),
  /** Saved with a personal API token, in a league that marks bots: shown to everyone once bets are shown. */
  bot: Type.Boolean(),
});

export const PointsInfo = Type.Object({
  max_points: Type.Integer(),
  legend: Type.Array(Type.Object({ description: Type.String(), points: Type.Integer(), max_points: Type.Integer() })),
  /** What the legend's points are multiplied by: the round's factor times the joker's multiplier (1: neither). */
  multiplier: Type.Integer({ minimum: 1 }),
});

export const resultBetRoutes = {
  resultBetsIndex: route({
    method: 'GET', path: '/result_bets/index/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "A member's result bets of a league for a matchday (default: the caller, the current matchday), or everyone's bets on one match (match_id)",
    params: IdParams,
    query: Strict({
      user_id: Type.Optional(Id),
      matchday: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
      mode: Type.Optional(Mode),
      match_id: Type.Optional(Id),
    }),
    response: Type.Array(ResultBet),
  }),
  lastBets: route({
    method: 'GET', path: '/result_bets/last_bets/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "The league's latest visible bets (matches already locked), with user names",
    params: IdParams, response: Type.Array(ResultBet),
  }),
  resultBetPointsInfo: route({
    method: 'GET', path: '/result_bets/points_info/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: 'Maximum points and the legend rows that scored for one result bet',
    params: IdParams, response: PointsInfo,
  }),
  updateResultBet: route({
    method: 'POST', path: '/result_bets/update_result_bet', prefixed: true, access: 'user', tokens: 'bet',
    errors: [403, 404, 409],
    summary: 'Set or clear the goals of a result bet (mode 1: the caller\'s simulation); joker flags it (409 past the league\'s joker count, 400 on a bet without goals); clearing the goals releases the joker',
    body: Strict({ result_bet_id: Id, local_goals: Goals, visiting_goals: Goals, mode: Type.Optional(Mode), joker: Type.Optional(Type.Boolean()) }),
    response: ResultBet,
  }),
  resetBets: route({
    method: 'POST', path: '/result_bets/reset_bets', prefixed: true, access: 'user',
    errors: [403, 404],
    summary: "Clear the caller's simulation (mode 1 result and round bets) in a league",
    body: Strict({ league_id: Id }), response: Message, process: 'reset_bets',
  }),
  copyBets: route({
    method: 'POST', path: '/result_bets/copy_bets', prefixed: true, access: 'user',
    errors: [403, 404],
    summary: "Copy the caller's bets and picks from another league of the same competition, where still editable",
    body: Strict({ league_id: Id, league_id_to_copy: Id }),
    response: Type.Object({ message: Type.String(), copied: Type.Integer() }), process: 'copy_bets',
  }),
} as const;
