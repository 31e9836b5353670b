import Type from 'typebox';
import { route } from '../route';
import { Id, Nullable } from '../schemas';

/** Something the user should do before a deadline in the next 72 hours. */
export const Alert = Type.Object({
  /** 1 result bets missing, 2 round picks incomplete, 3 person picks incomplete. */
  alert_type: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  message: Type.String(),
  league_id: Id,
  league_name: Type.String(),
  matchday: Nullable(Type.Integer()),
  /** Result bets the league's owner nudged the caller about (the message names them). */
  nudged: Type.Optional(Type.Boolean()),
});

export const alertRoutes = {
  alertsIndex: route({
    method: 'GET', path: '/alerts/index', prefixed: true, access: 'public',
    summary: "The caller's pending bets and picks closing within 72 hours, and the bets an owner nudged them about (visitors: none)",
    response: Type.Array(Alert),
  }),
} as const;
