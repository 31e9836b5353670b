import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable } from '../schemas';

const Pair = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Array(item, { minItems: 2, maxItems: 2 });

/** One duel: both members, their points in the matchday, and the winner once the matchday is over (null: a draw). */
const Duel = Type.Object({
  user_ids: Pair(Id),
  points: Pair(Type.Integer()),
  winner_user_id: Nullable(Id),
  /** Every match of the matchday is finished: the duel counts in the table. */
  decided: Type.Boolean(),
});

const HeadToHeadMatchday = Type.Object({
  matchday: Type.Integer(),
  duels: Type.Array(Duel),
  /** The member sitting this matchday out (an odd number of players). */
  bye_user_id: Nullable(Id),
});

const HeadToHeadRow = Type.Object({
  user_id: Id,
  user_name: Type.String(),
  played: Type.Integer(),
  won: Type.Integer(),
  drawn: Type.Integer(),
  lost: Type.Integer(),
  /** Duel points: 3 a win, 1 a draw. */
  points: Type.Integer(),
  /** Matchday points scored in decided duels (the tie-break). */
  points_for: Type.Integer(),
  position: Type.Integer(),
});

export const HeadToHead = Type.Object({
  schedule: Type.Array(HeadToHeadMatchday),
  table: Type.Array(HeadToHeadRow),
  /** The first matchday not yet over (the last one once all are): the one the league page shows live. */
  current_matchday: Nullable(Type.Integer()),
});

export const headToHeadRoutes = {
  leagueHeadToHead: route({
    method: 'GET', path: '/leagues/head_to_head/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403, 409],
    summary: "The league's head-to-head competition: round-robin schedule with each duel's points and winner, and its table "
      + '(members; global admins may look); 409 when the league has no head-to-head',
    params: IdParams, response: HeadToHead,
  }),
} as const;
