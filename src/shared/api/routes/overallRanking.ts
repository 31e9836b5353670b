import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable, Strict } from '../schemas';

/**
 * A competition's overall ranking: every player with a scored bet in it, once, by the bets of their main league
 * under the default scoring; names as the players chose them, nothing else about them.
 */
export const OverallRow = Type.Object({
  position: Type.Integer({ minimum: 1 }),
  user_id: Id,
  user_name: Type.String(),
  points: Type.Integer(),
  exact_hits: Type.Integer(),
});
export type OverallRow = Static<typeof OverallRow>;

export const OverallPage = Type.Object({
  competition_id: Id,
  /** Players in the ranking. */
  total_players: Type.Integer({ minimum: 0 }),
  rows: Type.Array(OverallRow),
  /** Pass as `after` for the next page; null at the end (and for a search). */
  next_after: Nullable(Id),
});

export const LeagueChoice = Type.Object({ id: Id, name: Type.String() });

/** The caller's place in the overall ranking. */
export const OverallMe = Type.Object({
  competition_id: Id,
  total_players: Type.Integer({ minimum: 0 }),
  /** False until the caller has a scored bet in their main league, or while they opted out. */
  ranked: Type.Boolean(),
  position: Nullable(Type.Integer({ minimum: 1 })),
  points: Nullable(Type.Integer()),
  /** The share of players at or above the caller's position, in percent (1: top 1 %); null when not ranked. */
  top_percent: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
  /** The caller's row with the rows around it. */
  rows: Type.Array(OverallRow),
  /** The league whose bets count for the caller, and the leagues of the competition they may choose instead. */
  main_league: Nullable(LeagueChoice),
  leagues: Type.Array(LeagueChoice),
  /** The caller opted out of overall rankings (account settings). */
  hidden: Type.Boolean(),
});

export const OVERALL_PAGE_ROWS = 50;
export const OVERALL_ROWS_AROUND = 3;
export const OVERALL_SEARCH_MIN = 2;

export const overallRankingRoutes = {
  competitionRanking: route({
    method: 'GET', path: '/competitions/ranking/:id', prefixed: true, access: 'user', tokens: 'read',
    summary: 'A competition\'s overall ranking, a page at a time (`after`: the last player of the previous page), '
      + 'or the players whose name starts with `q`',
    params: IdParams,
    query: Strict({
      after: Type.Optional(Id),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      q: Type.Optional(Type.String({ minLength: OVERALL_SEARCH_MIN, maxLength: 50 })),
    }),
    response: OverallPage,
    errors: [404],
  }),
  competitionRankingMe: route({
    method: 'GET', path: '/competitions/ranking/:id/me', prefixed: true, access: 'user', tokens: 'read',
    summary: 'The caller\'s position in a competition\'s overall ranking, with the rows around it',
    params: IdParams, response: OverallMe, errors: [404],
  }),
  competitionRankingMainLeague: route({
    method: 'PUT', path: '/competitions/ranking/:id/main_league', prefixed: true, access: 'user',
    summary: 'Choose the league whose bets count for the caller in a competition\'s overall ranking',
    params: IdParams, body: Strict({ league_id: Id }), response: OverallMe, errors: [403, 404],
    process: 'ranking_main_league',
  }),
} as const;
