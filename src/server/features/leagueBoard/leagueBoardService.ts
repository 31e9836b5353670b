import { POST_EDIT_WINDOW_MS, POSTS_PAGE_MAX } from '../../../shared/api/routes/leagueBoard';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { badRequest, forbidden, notFound } from '../../platform/errors/errors';
import { takeActionLimits, type ActionLimit } from '../../platform/sessions/actionLimits';
import type { BoardPayload } from '../../domain/live/liveEvents';
import { appendLeagueLog, type LogEntryInput } from '../../domain/leagueLog/leagueLogService';
import {
  loadLeagueAccess, requireLeagueAccess, requireMember, requireWritable, type LeagueAccess,
} from '../../domain/leagues/leagueAccess';
import {
  findBoard, findPost, insertPost, lockBoard, markPostDeleted, matchOfCompetition, repliesTo, topLevelPosts, updatePostText,
  type BoardRow, type PostRow,
} from './leagueBoardRepository';
import { postView, threadView, type PostView } from './leagueBoardViews';
import { cleanPostText } from './postText';

/**
 * Each member writes to a league's board at most this often, counted in the database across processes: posts, edits,
 * deletions, pins and unpins, closing and opening all count against the one limit (each makes every open page of the
 * league read the board again, and most write a permanent log entry).
 */
const BOARD_WRITES_PER_MEMBER: ActionLimit = { action: 'league_board', max: 10, windowMs: 60_000 };

/**
 * Counts a board write against the member's limit (429 with Retry-After once used up). Outside any transaction, after
 * the write's own checks passed on a plain read: a write refused for another reason does not count.
 */
export async function takeBoardWrite(deps: AppDeps, user: AuthUser, leagueId: number, now: number): Promise<void> {
  await takeActionLimits(deps.db, [{ limit: BOARD_WRITES_PER_MEMBER, subject: `league:${leagueId}:user:${user.id}` }], now);
}
const DEFAULT_PAGE = 20;

/** The league's board for a member (or a global admin looking): the pinned post, then a page, newest first. */
export async function listBoard(deps: AppDeps, user: AuthUser, leagueId: number, page: { before?: number; limit?: number }) {
  await requireLeagueAccess(deps.db, leagueId, user);
  const limit = Math.min(page.limit ?? DEFAULT_PAGE, POSTS_PAGE_MAX);
  const board = await findBoard(deps.db, leagueId);
  const rows = await topLevelPosts(deps.db, leagueId, page.before ?? null, limit + 1);
  const shown = rows.slice(0, limit);
  const pinned = board.pinned_post_id === null ? undefined : await findPost(deps.db, board.pinned_post_id);
  const replies = await repliesTo(deps.db, [...shown.map((p) => p.id), ...(pinned ? [pinned.id] : [])]);
  return {
    league_id: leagueId, open: board.closed_at === null,
    pinned: pinned ? threadView(pinned, replies, user.id) : null,
    posts: shown.map((p) => threadView(p, replies, user.id)),
    next_before: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}

/** Every change of a board is logged (never its text) and told to the league's open pages, in its transaction. */
export async function recordChange(deps: AppDeps, trx: Executor, access: LeagueAccess, entry: Omit<LogEntryInput, 'leagueId'>, postId: number | null) {
  await appendLeagueLog(trx, { now: deps.clock.now(), key: deps.logKey }, [{ leagueId: access.league.id, ...entry }]);
  await tellOpenPages(deps, trx, access, postId);
}

/** The league's open pages read the board again (a `board` live event, sent if the transaction commits). */
async function tellOpenPages(deps: AppDeps, trx: Executor, access: LeagueAccess, postId: number | null) {
  const payload: BoardPayload = { league_id: access.league.id, post_id: postId };
  await deps.live.publish(trx, { competitionId: access.league.competition_id, kind: 'board', payload });
}

interface NewPost { league_id: number; text: string; match_id?: number | null; reply_to?: number | null }

/** The post a reply answers (a reply to a reply answers its thread), or a 400 when it is no standing post of the league. */
async function threadAnswered(db: Executor, leagueId: number, replyTo: number): Promise<number> {
  const parent = await findPost(db, replyTo);
  if (!parent || parent.league_id !== leagueId || parent.deleted_at !== null) throw badRequest('errors.post_reply_not_in_league');
  return parent.reply_to ?? parent.id;
}

/** Everything a post is refused for, before it counts against the member's limit: a refused post changes nothing. */
async function checkNewPost(db: Executor, access: LeagueAccess, input: NewPost): Promise<void> {
  requireMember(access);
  requireWritable(access);
  if ((await findBoard(db, access.league.id)).closed_at !== null) throw forbidden('errors.board_closed');
  if (input.match_id != null && !(await matchOfCompetition(db, input.match_id, access.league.competition_id))) {
    throw badRequest('errors.post_match_not_in_league');
  }
  if (input.reply_to != null) await threadAnswered(db, access.league.id, input.reply_to);
}

/**
 * A member posts while the board is open (and the league takes writes). A post about a match names one of the
 * league's competition; a reply names a post of the same league, and a reply to a reply answers its thread. The
 * checks run again inside the transaction, after the board's row is taken, so a closing or a deletion committed
 * meanwhile still refuses the post.
 */
export async function createPost(deps: AppDeps, user: AuthUser, input: NewPost): Promise<PostView> {
  const text = cleanPostText(input.text);
  await checkNewPost(deps.db, await loadLeagueAccess(deps.db, input.league_id, user), input);
  const now = deps.clock.now();
  await takeBoardWrite(deps, user, input.league_id, now);
  return deps.db.transaction().execute(async (trx) => {
    const access = await loadLeagueAccess(trx, input.league_id, user);
    await lockBoard(trx, access.league.id, now);
    await checkNewPost(trx, access, input);
    const matchId = input.match_id ?? null;
    const replyTo = input.reply_to != null ? await threadAnswered(trx, access.league.id, input.reply_to) : null;
    const id = await insertPost(trx, { league_id: access.league.id, author_id: user.id, match_id: matchId, reply_to: replyTo, text, created_at: now });
    await recordChange(deps, trx, access, {
      actorId: user.id, action: 'post.created', details: { post_id: id, user_id: user.id, reply_to: replyTo, match_id: matchId },
    }, id);
    return postView((await findPost(trx, id))!, user.id);
  });
}

/**
 * The post, the caller's standing in its league and the league's board row, taken first (see lockBoard): the post is
 * read again under it, so a deletion committed meanwhile is seen. A deleted post is gone (404).
 */
export async function postAndAccess(trx: Executor, user: AuthUser, postId: number, now: number): Promise<{ post: PostRow; access: LeagueAccess; board: BoardRow }> {
  const found = await findPost(trx, postId);
  if (!found || found.deleted_at !== null) throw notFound('errors.post_not_found');
  const board = await lockBoard(trx, found.league_id, now);
  const post = await findPost(trx, postId);
  if (!post || post.deleted_at !== null) throw notFound('errors.post_not_found');
  return { post, access: await loadLeagueAccess(trx, post.league_id, user), board };
}

/** Its author, still a member, within the edit window. */
function requireAuthorInWindow(post: PostRow, access: LeagueAccess, user: AuthUser, now: number): void {
  if (post.author_id !== user.id || !access.isMember) throw forbidden();
  if (now > post.created_at + POST_EDIT_WINDOW_MS) throw forbidden('errors.post_edit_window');
}

/**
 * The post, the caller's standing in its league and the board, read without taking the board: a write checks its
 * rules on these before it counts against the member's limit, and again inside its transaction.
 */
export async function postAsItIs(db: Executor, user: AuthUser, postId: number): Promise<{ post: PostRow; access: LeagueAccess; board: BoardRow }> {
  const post = await findPost(db, postId);
  if (!post || post.deleted_at !== null) throw notFound('errors.post_not_found');
  return { post, access: await loadLeagueAccess(db, post.league_id, user), board: await findBoard(db, post.league_id) };
}

function checkEdit({ post, access, board }: { post: PostRow; access: LeagueAccess; board: BoardRow }, user: AuthUser, now: number): void {
  requireAuthorInWindow(post, access, user, now);
  requireWritable(access);
  if (board.closed_at !== null) throw forbidden('errors.board_closed');
}

/**
 * The author edits their post within 15 minutes of posting it, while the board is open. Its first edit is logged;
 * later ones (all within the same window) fold into that entry, so a member editing again and again writes no more
 * to the permanent log. Every edit still tells the open pages.
 */
export async function editPost(deps: AppDeps, user: AuthUser, postId: number, rawText: string): Promise<PostView> {
  const text = cleanPostText(rawText);
  const now = deps.clock.now();
  const seen = await postAsItIs(deps.db, user, postId);
  checkEdit(seen, user, now);
  await takeBoardWrite(deps, user, seen.post.league_id, now);
  return deps.db.transaction().execute(async (trx) => {
    const state = await postAndAccess(trx, user, postId, now);
    checkEdit(state, user, now);
    const { post, access } = state;
    await updatePostText(trx, post.id, text, now);
    if (post.edited_at === null) {
      await recordChange(deps, trx, access, { actorId: user.id, action: 'post.edited', details: { post_id: post.id, user_id: user.id } }, post.id);
    } else {
      await tellOpenPages(deps, trx, access, post.id);
    }
    return postView((await findPost(trx, post.id))!, user.id);
  });
}

/** The author deletes their post within 15 minutes; the owner deletes any post, any time. */
export async function deletePost(deps: AppDeps, user: AuthUser, postId: number): Promise<void> {
  const now = deps.clock.now();
  const seen = await postAsItIs(deps.db, user, postId);
  if (!seen.access.isOwner) requireAuthorInWindow(seen.post, seen.access, user, now);
  await takeBoardWrite(deps, user, seen.post.league_id, now);
  await deps.db.transaction().execute(async (trx) => {
    const { post, access } = await postAndAccess(trx, user, postId, now);
    if (!access.isOwner) requireAuthorInWindow(post, access, user, now);
    if (!(await markPostDeleted(trx, post.id, user.id, now))) throw notFound('errors.post_not_found');
    await recordChange(deps, trx, access, {
      actorId: user.id, action: 'post.deleted', details: { post_id: post.id, user_id: post.author_id, by_owner: post.author_id !== user.id },
    }, post.id);
  });
}
