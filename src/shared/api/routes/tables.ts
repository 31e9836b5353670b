import Type from 'typebox';
import { route } from '../route';
import { TieBreakKey } from '../entities';
import { Id, IdParams, Mode, Nullable, Strict } from '../schemas';

/** A member's row of a league table. */
export const TableRow = Type.Object({
  user_id: Id,
  user_avatar: Nullable(Type.String()),
  user_name: Type.String(),
  department: Nullable(Type.String()),
  /** Matchday number -> result-bet points in it. */
  points_by_matchday: Type.Record(Type.String(), Type.Integer()),
  points_league: Type.Number(),
  points_rounds: Type.Number(),
  points_people: Type.Number(),
  /** Points of resolved bonus questions (included in points). */
  points_bonus: Type.Number(),
  points: Type.Number(),
  /** Points in the requested (or last played) matchday. */
  points_matchday: Type.Number(),
  /** Position after the league's tie-breaks. */
  position: Type.Integer(),
  matchday_wins: Type.Integer(),
  exact_hits: Type.Integer(),
  goal_difference_hits: Type.Integer(),
  tendency_hits: Type.Integer(),
});

/** A department's row: its members' fields averaged to one decimal. */
export const DepartmentRow = Type.Object({
  name: Type.String(),
  people: Type.Integer(),
  points_league: Type.Number(),
  points_rounds: Type.Number(),
  points_people: Type.Number(),
  points: Type.Number(),
  points_matchday: Type.Number(),
  position: Type.Integer(),
});

export const LeagueTable = Type.Object({
  /** Ordered by position, ties by name in the caller's language. */
  users: Type.Array(TableRow),
  departments: Type.Array(DepartmentRow),
  matchday: Nullable(Type.Integer()),
  last_played_matchday: Nullable(Type.Integer()),
  /** Winners of `matchday` once it is finished (most points, if anybody scored). */
  matchday_winner_ids: Type.Array(Id),
  /** Every finished matchday that has winners, in matchday order, with its winners. */
  matchday_winners: Type.Array(Type.Object({ matchday: Type.Integer(), user_ids: Type.Array(Id) })),
  /** The league's tie-breaks, in order (empty: equal points share a position). */
  tie_breaks: Type.Array(TieBreakKey),
  /** Members in the whole table: `users` holds all of them, or, in a big league's table, one page of them. */
  total_users: Type.Integer({ minimum: 0 }),
  /** Index in the whole table of the first row of `users` (0 in a whole table). */
  offset: Type.Integer({ minimum: 0 }),
  /** A paged table only: the caller's own row wherever it is in the table (null: the caller is no member). */
  own_row: Type.Optional(Nullable(TableRow)),
});

/** Leagues with more members than this answer their table a page at a time. */
export const PAGED_TABLE_FROM = 500;
/** Rows of a page of a big league's table unless the query asks for fewer or more. */
export const TABLE_PAGE_ROWS = 50;

export const tableRoutes = {
  usersLeagueTable: route({
    method: 'GET', path: '/leagues/users_league_table/:id', prefixed: true, access: 'user', tokens: 'read',
    errors: [403],
    summary: "A league's table (members and departments); mode 1: the caller's simulation. Leagues of more than "
      + `${PAGED_TABLE_FROM} members answer the page of \`limit\` rows (default ${TABLE_PAGE_ROWS}) from \`offset\`, plus the caller's own row`,
    params: IdParams,
    query: Strict({
      matchday: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), mode: Type.Optional(Mode),
      /** Big leagues only (ignored by a whole table): the first row of the page, 0-based; past the end, an empty page. */
      offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
      /** Big leagues only: rows of the page. */
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      /**
       * Big leagues only (a whole table comes with every member's matchday points): `matchday`, the page of that
       * matchday's own table, members by their points in it, equal points sharing a position.
       */
      order: Type.Optional(Type.Literal('matchday')),
    }),
    response: LeagueTable,
  }),
} as const;
