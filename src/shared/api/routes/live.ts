import Type, { type Static } from 'typebox';
import { Match } from '../entities';
import { route } from '../route';
import { Id, Nullable, Strict } from '../schemas';
import { LeagueTable } from './tables';

/**
 * The live stream of a league: Server-Sent Events, each naming the ids it concerns. `id:` is the
 * event id to send back as `Last-Event-ID` when reconnecting; a comment line (`: heartbeat`) keeps proxies from
 * closing an idle stream.
 */
export const LIVE_EVENT = { MATCHES: 'matches', STANDINGS: 'standings', BETS_VISIBLE: 'bets_visible', BOARD: 'board', RESULT_PROGRESS: 'result_progress' } as const;

/** `event: matches`: these matches' score or status changed. */
export const LiveMatchesEvent = Type.Object({
  league_id: Id,
  competition_id: Id,
  match_ids: Type.Array(Id),
  matches: Type.Array(Match),
});

/**
 * `event: standings`: the league's table changed. Provisional while a match is in play: the stored table plus
 * the points the bets would get if the in-play matches ended now (`live_match_ids`).
 */
export const LiveStandingsEvent = Type.Object({
  league_id: Id,
  provisional: Type.Boolean(),
  live_match_ids: Type.Array(Id),
  table: LeagueTable,
});

/** `event: bets_visible`: these matches' bet window closed; everyone's bets on them can now be seen. */
export const LiveBetsVisibleEvent = Type.Object({ league_id: Id, match_ids: Type.Array(Id) });

/** `event: board`: the league board changed (a post, an edit, a deletion, a pin, the board closed or opened). */
export const LiveBoardEvent = Type.Object({ league_id: Id, post_id: Nullable(Id) });
/**
 * `event: result_progress`: a result is being applied to the competition's league tables, league by league.
 * `applied`: this league's table now holds it (a `standings` event follows); `leagues_done` of `leagues_total`.
 */
export const LiveResultProgressEvent = Type.Object({
  league_id: Id,
  competition_id: Id,
  match_ids: Type.Array(Id),
  applied: Type.Boolean(),
  leagues_done: Type.Integer({ minimum: 0 }),
  leagues_total: Type.Integer({ minimum: 0 }),
  finished: Type.Boolean(),
});

export type LiveMatchesEvent = Static<typeof LiveMatchesEvent>;
export type LiveResultProgressEvent = Static<typeof LiveResultProgressEvent>;
export type LiveStandingsEvent = Static<typeof LiveStandingsEvent>;
export type LiveBetsVisibleEvent = Static<typeof LiveBetsVisibleEvent>;
export type LiveBoardEvent = Static<typeof LiveBoardEvent>;

/** How long the client waits before reconnecting (the `retry:` field the stream opens with). */
export const LIVE_RETRY_MS = 3000;

export const liveRoutes = {
  leagueLive: route({
    method: 'GET', path: '/live/:league_id', prefixed: true, access: 'user',
    errors: [403, 429, 503],
    contentType: 'text/event-stream',
    summary: "A league's live events (Server-Sent Events: matches, standings, bets_visible, board, result_progress); resumes after Last-Event-ID",
    params: Strict({ league_id: Id }),
    response: Type.String({
      description: 'text/event-stream. Events: `matches` (LiveMatchesEvent), `standings` (LiveStandingsEvent), '
        + '`bets_visible` (LiveBetsVisibleEvent), `board` (LiveBoardEvent), `result_progress` (LiveResultProgressEvent), '
        + 'each `data:` one JSON object; comment lines are heartbeats.',
    }),
  }),
} as const;
