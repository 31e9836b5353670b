import Type, { type Static, type TSchema } from 'typebox';
import { LeagueRule } from '../entities';
import { Id, Mode, Nullable, Strict, Timestamp } from '../schemas';

/**
 * What round picks and person picks have in common: they differ only in
 * what is picked (a team for a round, a person for the top scorer).
 */

/** A league rule with its round's name, as pick screens show it. */
const PickRule = Type.Object({ ...LeagueRule.properties, round_name: Type.String() });
export type PickRule = Static<typeof PickRule>;

/** Points info of a pick (the same shape as a result bet's): the legend rows that produced the points. */
export const PickPointsInfo = Type.Object({
  max_points: Type.Integer(),
  legend: Type.Array(Type.Object({ description: Type.String(), points: Type.Integer(), max_points: Type.Integer() })),
});
export type PickPointsInfo = Static<typeof PickPointsInfo>;

/**
 * One pick, `item` naming what was picked. For other members the item and the points stay null until
 * `allow_show_bets` (the rule's deadline has passed); points are null until the pick is scored.
 */
export const pickBet = <P extends Record<string, TSchema>>(item: P) => Type.Object({
  id: Id,
  league_id: Id,
  league_rule_id: Id,
  ...item,
  user_id: Id,
  user_name: Type.String(),
  mode: Mode,
  allow_show_bets: Type.Boolean(),
  allow_edit_bets: Type.Boolean(),
  points: Nullable(Type.Integer()),
  /** Placed with a personal API token, in a league that marks bots: shown to everyone once picks are shown. */
  bot: Type.Boolean(),
});

/**
 * One member's picks for one rule of a league: the rule, how many picks are made (of `league_rule.picks`),
 * whether the viewer may still change them, the deadline (null when the competition has no match to anchor
 * it yet: then they cannot be made), and the picks themselves.
 */
export const rulePicks = <B extends TSchema>(bet: B) => Type.Object({
  league_rule: PickRule,
  user_id: Id,
  mode: Mode,
  picks_made: Type.Integer(),
  allow_edit_bets: Type.Boolean(),
  allow_show_bets: Type.Boolean(),
  deadline: Nullable(Timestamp),
  bets: Type.Array(bet),
});

/** Fill or clear one pick; `mode` 0 is a real pick (default), 1 the member's private simulation. */
export const pickWrite = <P extends Record<string, TSchema>>(item: P) => Strict({
  league_id: Id,
  league_rule_id: Id,
  ...item,
  user_id: Id,
  mode: Type.Optional(Mode),
});
