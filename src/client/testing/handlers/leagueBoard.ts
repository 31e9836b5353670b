import { BEA, handleSignedIn, leagueWorld, memberIds, userName } from './leagueWorld';
import { fail, ok } from './route';

/** The league board, answering from leagueWorld's leagues like the server would (newest first, one pin, closing). */

interface FakePost {
  id: number; league_id: number; author_id: number | null; text: string; match_id: number | null; reply_to: number | null;
  created_at: string; edited_at: string | null; deleted: boolean;
}

const EDIT_WINDOW_MS = 15 * 60_000;

function fresh() {
  return {
    posts: [
      { id: 1, league_id: 5, author_id: BEA, text: 'Who brings the croissants on Monday? Menu: https://example.com/menu', match_id: null, reply_to: null,
        created_at: '2026-06-10T09:00:00.000Z', edited_at: null, deleted: false },
    ] as FakePost[],
    pinned: new Map<number, number>(),
    closed: new Set<number>(),
    nextId: 10,
  };
}

export let boardWorld = fresh();
export function resetBoardWorld(): void {
  boardWorld = fresh();
}

function view(post: FakePost, viewerId: number) {
  const mine = !post.deleted && post.author_id === viewerId;
  return {
    id: post.id, league_id: post.league_id, author_id: post.deleted ? null : post.author_id,
    author_name: post.deleted || post.author_id === null ? null : userName(post.author_id),
    author_left: !post.deleted && post.author_id !== null && !memberIds(post.league_id).includes(post.author_id),
    text: post.deleted ? '' : post.text, match_id: post.match_id, reply_to: post.reply_to, created_at: post.created_at,
    edited_at: post.edited_at, deleted: post.deleted,
    editable_until: mine ? new Date(Date.parse(post.created_at) + EDIT_WINDOW_MS).toISOString() : null,
  };
}

const thread = (post: FakePost, viewerId: number) => ({
  ...view(post, viewerId),
  replies: boardWorld.posts.filter((r) => r.reply_to === post.id && !r.deleted).map((r) => view(r, viewerId)),
});

const leagueOf = (id: number) => leagueWorld.leagues.find((league) => league.id === id);
const postOf = (id: string) => boardWorld.posts.find((post) => post.id === Number(id) && !post.deleted);

export const leagueBoardHandlers = [
  handleSignedIn('leaguePosts', ({ params }, user) => {
    const leagueId = Number(params.league_id);
    if (!leagueOf(leagueId)) return fail(404, 'The league was not found');
    if (!memberIds(leagueId).includes(user.id) && !user.is_admin) return fail(403, 'You do not have permission to do that');
    const top = boardWorld.posts.filter((p) => p.league_id === leagueId && p.reply_to === null && !p.deleted).sort((a, b) => b.id - a.id);
    const pinned = boardWorld.posts.find((p) => p.id === boardWorld.pinned.get(leagueId));
    return ok({
      league_id: leagueId, open: !boardWorld.closed.has(leagueId), pinned: pinned ? thread(pinned, user.id) : null,
      posts: top.map((p) => thread(p, user.id)), next_before: null,
    });
  }),
  handleSignedIn('leaguePostCreate', ({ body }, user) => {
    if (!memberIds(body.league_id).includes(user.id)) return fail(403, 'You do not have permission to do that');
    if (boardWorld.closed.has(body.league_id)) return fail(403, 'The owner has closed the board');
    const text = String(body.text).trim();
    if (text.length < 1 || text.length > 1000) return fail(400, 'A post has between 1 and 1000 characters');
    const post: FakePost = {
      id: boardWorld.nextId++, league_id: body.league_id, author_id: user.id, text, match_id: body.match_id ?? null,
      reply_to: body.reply_to ?? null, created_at: new Date().toISOString(), edited_at: null, deleted: false,
    };
    boardWorld.posts.push(post);
    return ok({ message: 'Posted', post: view(post, user.id) });
  }),
  handleSignedIn('leaguePostUpdate', ({ params, body }, user) => {
    const post = postOf(params.id);
    if (!post) return fail(404, 'The post does not exist');
    if (post.author_id !== user.id) return fail(403, 'You do not have permission to do that');
    Object.assign(post, { text: String(body.text).trim(), edited_at: new Date().toISOString() });
    return ok({ message: 'Post saved', post: view(post, user.id) });
  }),
  handleSignedIn('leaguePostDelete', ({ params }, user) => {
    const post = postOf(params.id);
    if (!post) return fail(404, 'The post does not exist');
    if (post.author_id !== user.id && leagueOf(post.league_id)?.owner_id !== user.id) return fail(403, 'You do not have permission to do that');
    post.deleted = true;
    if (boardWorld.pinned.get(post.league_id) === post.id) boardWorld.pinned.delete(post.league_id);
    return ok({ message: 'Post deleted' });
  }),
  handleSignedIn('leaguePostPin', ({ params }, user) => {
    const post = postOf(params.id);
    if (!post) return fail(404, 'The post does not exist');
    if (leagueOf(post.league_id)?.owner_id !== user.id) return fail(403, 'You do not have permission to do that');
    boardWorld.pinned.set(post.league_id, post.id);
    return ok({ message: 'Post pinned' });
  }),
  handleSignedIn('leaguePostUnpin', ({ params }, user) => {
    const post = postOf(params.id);
    if (!post) return fail(404, 'The post does not exist');
    if (leagueOf(post.league_id)?.owner_id !== user.id) return fail(403, 'You do not have permission to do that');
    if (boardWorld.pinned.get(post.league_id) === post.id) boardWorld.pinned.delete(post.league_id);
    return ok({ message: 'Post unpinned' });
  }),
  handleSignedIn('leagueBoardUpdate', ({ params, body }, user) => {
    const leagueId = Number(params.league_id);
    if (leagueOf(leagueId)?.owner_id !== user.id) return fail(403, 'You do not have permission to do that');
    if (body.open) boardWorld.closed.delete(leagueId); else boardWorld.closed.add(leagueId);
    return ok({ message: body.open ? 'Board open again' : 'Board closed', open: Boolean(body.open) });
  }),
];
