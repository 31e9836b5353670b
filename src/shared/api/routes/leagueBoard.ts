import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Message, Nullable, Strict, Timestamp } from '../schemas';

/** Longest post, in characters after trimming. */
export const POST_MAX_LENGTH = 1000;
/** How long after posting its author may edit or delete a post. */
export const POST_EDIT_WINDOW_MS = 15 * 60_000;
/** Most top-level posts in one page of the board. */
export const POSTS_PAGE_MAX = 50;

/** A post of the league board: plain text, shown as text (links are made clickable by the client, nothing else). */
export const LeaguePost = Type.Object({
  id: Id,
  league_id: Id,
  /** Null when the author deleted their account. */
  author_id: Nullable(Id),
  author_name: Nullable(Type.String()),
  /** The author is no longer a member (left, removed or banned): the post stays, marked. */
  author_left: Type.Boolean(),
  /** Empty once deleted. */
  text: Type.String(),
  /** The match of the league's competition the post is about. */
  match_id: Nullable(Id),
  /** The post this one answers (replies are one level deep). */
  reply_to: Nullable(Id),
  created_at: Timestamp,
  edited_at: Nullable(Timestamp),
  /** Deleted by its author or the owner (kept only while it has replies). */
  deleted: Type.Boolean(),
  /** Until when the caller, its author, may edit or delete it (null: not the caller's, or deleted). */
  editable_until: Nullable(Timestamp),
});

export const LeaguePostThread = Type.Object({
  ...LeaguePost.properties,
  /** Replies, oldest first. */
  replies: Type.Array(LeaguePost),
});

const LeagueBoard = Type.Object({
  league_id: Id,
  /** Whether members may post (the owner closes and reopens the board). */
  open: Type.Boolean(),
  /** The pinned post, shown on top (null: none). */
  pinned: Nullable(LeaguePostThread),
  /** Top-level posts, newest first, each with its replies. */
  posts: Type.Array(LeaguePostThread),
  /** Pass as `before` for the next (older) page; null when there is none. */
  next_before: Nullable(Id),
});

const PostAnswer = Type.Object({ message: Type.String(), post: LeaguePost });

export const leagueBoardRoutes = {
  leaguePosts: route({
    method: 'GET', path: '/leagues/posts/:league_id', prefixed: true, access: 'user',
    errors: [403],
    summary: "The league board: its pinned post and a page of posts, newest first, with their replies (members; global admins may look)",
    params: Strict({ league_id: Id }),
    query: Strict({
      before: Type.Optional(Id),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: POSTS_PAGE_MAX })),
    }),
    response: LeagueBoard,
  }),
  leaguePostCreate: route({
    method: 'POST', path: '/leagues/posts', prefixed: true, access: 'user', process: 'league_post',
    errors: [403, 404, 429],
    summary: 'Post to the league board, optionally about a match of its competition or in reply to a post (members, '
      + 'while the board is open; at most 10 board writes a minute per member: posts, edits, deletions, pins, closing)',
    body: Strict({
      league_id: Id,
      text: Type.String({ maxLength: 4 * POST_MAX_LENGTH }),
      match_id: Type.Optional(Nullable(Id)),
      reply_to: Type.Optional(Nullable(Id)),
    }),
    response: PostAnswer,
  }),
  leaguePostUpdate: route({
    method: 'PUT', path: '/leagues/posts/:id', prefixed: true, access: 'user',
    errors: [403, 404, 429],
    summary: 'Edit one of your posts within 15 minutes of posting it, while the board is open (a board write: 429 past 10 a minute); only the first edit of a post is logged',
    params: IdParams,
    body: Strict({ text: Type.String({ maxLength: 4 * POST_MAX_LENGTH }) }),
    response: PostAnswer,
  }),
  leaguePostDelete: route({
    method: 'DELETE', path: '/leagues/posts/:id', prefixed: true, access: 'user',
    errors: [403, 404, 429],
    summary: 'Delete a post: its author within 15 minutes of posting it, the owner any time (a board write: 429 past 10 a minute)',
    params: IdParams, response: Message,
  }),
  leaguePostPin: route({
    method: 'POST', path: '/leagues/posts/pin/:id', prefixed: true, access: 'user',
    errors: [403, 404, 429],
    summary: 'Pin a post on top of the board, in place of the one pinned before (owner; a board write: 429 past 10 a minute)',
    params: IdParams, response: Message,
  }),
  leaguePostUnpin: route({
    method: 'DELETE', path: '/leagues/posts/pin/:id', prefixed: true, access: 'user',
    errors: [403, 404, 429],
    summary: 'Unpin the post, if it is the pinned one (owner; a board write: 429 past 10 a minute)',
    params: IdParams, response: Message,
  }),
  leagueBoardUpdate: route({
    method: 'PUT', path: '/leagues/posts/board/:league_id', prefixed: true, access: 'user',
    errors: [403, 429],
    summary: 'Close the board to new posts and edits, or open it again (owner; a board write: 429 past 10 a minute)',
    params: Strict({ league_id: Id }),
    body: Strict({ open: Type.Boolean() }),
    response: Type.Object({ message: Type.String(), open: Type.Boolean() }),
  }),
} as const;
