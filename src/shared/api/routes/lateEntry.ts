import Type from 'typebox';
import { route } from '../route';
import { Id, Strict } from '../schemas';
import { ResultBet } from './resultBets';

const Goals = Type.Integer({ minimum: 0, maximum: 9 });

export const lateEntryRoutes = {
  resultBetLateEntry: route({
    method: 'POST', path: '/result_bets/late_entry', prefixed: true, access: 'user', process: 'result_bet_late_entry',
    errors: [403, 404, 409],
    summary: "Enter or correct a member's bet after its deadline (league owner; a paper bet, a broken phone): scored at once, marked on the bet and logged",
    body: Strict({ result_bet_id: Id, local_goals: Goals, visiting_goals: Goals, reason: Type.String({ minLength: 1, maxLength: 300 }) }),
    response: ResultBet,
  }),
} as const;
