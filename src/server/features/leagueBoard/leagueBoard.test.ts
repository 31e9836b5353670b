import { createCup } from '../../testing/competitionFixture';
import { call, describeEachDb } from '../../testing/harness';
import { api, createLeague, join } from '../leagues/testing/leagueTestKit';
import { board, boardWorld, deletePost, editPost, loggedActions, pin, post, setOpen } from './testing/boardTestKit';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

const MINUTE = 60_000;

describeEachDb('the league board', (ctx) => {
  it('members post, reply and read the board newest first with replies in place; every post is in the league log', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const first = await w.say(w.owner, '  Welcome to the porra! Rules: https://example.com/rules  ');
    expect(first).toMatchObject({
      author_id: w.owner.id, author_name: 'Olga Owner', author_left: false, text: 'Welcome to the porra! Rules: https://example.com/rules',
      reply_to: null, match_id: null, deleted: false, edited_at: null,
      editable_until: new Date(t.clock.now() + 15 * MINUTE).toISOString(),
    });
    const about = await w.say(w.member, 'Spain wins this one <script>alert(1)</script>', { match_id: w.cup.groupMatchIds[0] });
    // A reply to a reply answers the thread: replies are one level deep.
    const reply = await w.say(w.member, 'Thanks!', { reply_to: first.id });
    const nested = await w.say(w.owner, 'You are welcome', { reply_to: reply.id });
    expect(nested.reply_to).toBe(first.id);

    const read = await board(t, w.member, w.league.id);
    expect(read.statusCode).toBe(200);
    expect(read.data).toMatchObject({ league_id: w.league.id, open: true, pinned: null, next_before: null });
    expect(read.data.posts.map((p: { id: number }) => p.id)).toEqual([about.id, first.id]);
    // Stored and sent as plain text, exactly as typed (the client shows it as text).
    expect(read.data.posts[0]).toMatchObject({ text: 'Spain wins this one <script>alert(1)</script>', match_id: w.cup.groupMatchIds[0] });
    expect(read.data.posts[1].replies.map((p: { id: number }) => p.id)).toEqual([reply.id, nested.id]);
    // Only the author sees how long they may still edit.
    expect(read.data.posts[1].editable_until).toBeNull();
    expect(read.data.posts[1].replies[0].editable_until).not.toBeNull();

    expect((await board(t, w.admin, w.league.id)).statusCode).toBe(200);
    expect((await board(t, w.other, w.league.id)).statusCode).toBe(403);
    expect((await board(t, null, w.league.id)).statusCode).toBe(401);
    expect((await board(t, w.member, 999_999)).statusCode).toBe(404);
    expect(await loggedActions(t, w.league.id)).toEqual(['member.joined', 'post.created', 'post.created', 'post.created', 'post.created']);
    const entry = await t.deps.db.selectFrom('league_log').select('details').where('league_id', '=', w.league.id)
      .where('action', '=', 'post.created').orderBy('seq').executeTakeFirstOrThrow();
    // The log names the post, never its text.
    expect(JSON.parse(entry.details)).toEqual({ post_id: first.id, user_id: w.owner.id, reply_to: null, match_id: null });
  });

  it('refuses bad posts with a translated 400 and changes nothing', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const otherCup = await createCup(t.deps.db, { start: t.clock.now() + 7 * 24 * 60 * MINUTE });
    const elsewhere = await createLeague(t, w.other, { name: 'Elsewhere', competition_id: w.cup.competitionId });
    const foreign = (await post(t, w.other, { league_id: elsewhere.id, text: 'Not yours' })).data.post;
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '   ' }, 'Un mensaje debe tener entre 1 y 1000 caracteres'],
      [{ text: 'x'.repeat(1001) }, 'Un mensaje debe tener entre 1 y 1000 caracteres'],
      [{ text: 'Hi', match_id: otherCup.groupMatchIds[0] }, 'El partido no es de la competición de esta liga'],
      [{ text: 'Hi', match_id: 999_999 }, 'El partido no es de la competición de esta liga'],
      [{ text: 'Hi', reply_to: foreign.id }, 'Solo puedes responder a un mensaje de esta liga'],
      [{ text: 'Hi', reply_to: 999_999 }, 'Solo puedes responder a un mensaje de esta liga'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t, w.member, { league_id: w.league.id, ...payload }, 'es');
      expect({ payload, status: res.statusCode, error: res.data.error }).toEqual({ payload, status: 400, error: message });
    }
    // 1,000 characters, even of emoji (counted as characters), are fine.
    expect((await post(t, w.member, { league_id: w.league.id, text: '⚽'.repeat(1000) })).statusCode).toBe(200);
    expect((await post(t, w.member, { league_id: w.league.id, text: 'Hi', extra: 1 })).statusCode).toBe(400);
    expect((await post(t, w.other, { league_id: w.league.id, text: 'Let me in' })).statusCode).toBe(403);
    expect((await post(t, w.admin, { league_id: w.league.id, text: 'Admin here' })).statusCode).toBe(403);
    expect((await post(t, w.member, { league_id: 999_999, text: 'Hi' })).statusCode).toBe(404);
    const posts = await t.deps.db.selectFrom('league_posts').select('id').where('league_id', '=', w.league.id).execute();
    expect(posts).toHaveLength(1);
    // Refused posts do not count against the limit of posts a minute: one hit per post taken (Nora's and Mario's).
    const hits = await t.deps.db.selectFrom('rate_limit_hits').select('subject').where('action', '=', 'league_board').execute();
    expect(hits.map((h) => h.subject).sort()).toEqual([`league:${elsewhere.id}:user:${w.other.id}`, `league:${w.league.id}:user:${w.member.id}`].sort());
    // Control characters other than line breaks and tabs go; a post of nothing else is empty.
    expect((await post(t, w.member, { league_id: w.league.id, text: '\u0000\u0007' })).statusCode).toBe(400);
    const kept = await post(t, w.member, { league_id: w.league.id, text: 'Line one\r\n\tLine\u0007 two' });
    expect(kept.data.post.text).toBe('Line one\n\tLine two');
  });

  it('authors edit and delete their own posts within 15 minutes; the owner deletes any post', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const mine = await w.say(w.member, 'Tpyo');
    const edited = await editPost(t, w.member, mine.id, 'Typo fixed');
    expect(edited.statusCode).toBe(200);
    expect(edited.data.post).toMatchObject({ text: 'Typo fixed', edited_at: new Date(t.clock.now()).toISOString() });
    expect((await editPost(t, w.owner, mine.id, 'Not yours')).statusCode).toBe(403);
    expect((await deletePost(t, w.other, mine.id)).statusCode).toBe(403);
    expect((await editPost(t, w.member, mine.id, '')).statusCode).toBe(400);

    t.clock.advance(15 * MINUTE + 1);
    const late = await editPost(t, w.member, mine.id, 'Too late', 'es');
    expect(late.statusCode).toBe(403);
    expect(late.data.error).toBe('Solo puedes editar o borrar un mensaje en los 15 minutos siguientes a publicarlo');
    expect((await deletePost(t, w.member, mine.id)).statusCode).toBe(403);

    const reply = await w.say(w.owner, 'Noted', { reply_to: mine.id });
    // The owner moderates any post at any time; a deleted post with replies stays as an empty, deleted one.
    expect((await deletePost(t, w.owner, mine.id)).statusCode).toBe(200);
    expect((await deletePost(t, w.owner, mine.id)).statusCode).toBe(404);
    const read = (await board(t, w.member, w.league.id)).data;
    expect(read.posts).toEqual([expect.objectContaining({
      id: mine.id, deleted: true, text: '', author_id: null, author_name: null, replies: [expect.objectContaining({ id: reply.id })],
    })]);
    expect((await post(t, w.member, { league_id: w.league.id, text: 'Hi', reply_to: mine.id })).statusCode).toBe(400);
    expect((await editPost(t, w.member, mine.id, 'Back')).statusCode).toBe(404);
    // Once its last reply goes too, the deleted post leaves the board.
    const own = await w.say(w.member, 'Gone soon');
    expect((await deletePost(t, w.member, own.id)).statusCode).toBe(200);
    expect((await deletePost(t, w.owner, reply.id)).statusCode).toBe(200);
    expect((await board(t, w.member, w.league.id)).data.posts).toEqual([]);
    expect(await loggedActions(t, w.league.id)).toEqual([
      'member.joined', 'post.created', 'post.edited', 'post.created', 'post.deleted', 'post.created', 'post.deleted', 'post.deleted',
    ]);
  });

  it('the owner pins one post at a time and closes and reopens the board', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const a = await w.say(w.member, 'First');
    const b = await w.say(w.member, 'Second');
    expect((await pin(t, w.member, a.id)).statusCode).toBe(403);
    expect((await pin(t, w.owner, a.id)).statusCode).toBe(200);
    expect((await board(t, w.member, w.league.id)).data.pinned).toMatchObject({ id: a.id, text: 'First' });
    expect((await pin(t, w.owner, b.id)).statusCode).toBe(200);
    expect((await board(t, w.member, w.league.id)).data.pinned).toMatchObject({ id: b.id });
    // Unpinning a post that is not the pinned one changes nothing.
    expect((await pin(t, w.owner, a.id, 'DELETE')).statusCode).toBe(200);
    expect((await board(t, w.member, w.league.id)).data.pinned).toMatchObject({ id: b.id });
    expect((await pin(t, w.owner, b.id, 'DELETE')).statusCode).toBe(200);
    expect((await board(t, w.member, w.league.id)).data.pinned).toBeNull();
    expect((await pin(t, w.owner, 999_999)).statusCode).toBe(404);
    // A deleted pinned post is unpinned with it.
    await pin(t, w.owner, a.id);
    await deletePost(t, w.owner, a.id);
    expect((await board(t, w.member, w.league.id)).data.pinned).toBeNull();

    expect((await setOpen(t, w.member, w.league.id, false)).statusCode).toBe(403);
    const closed = await setOpen(t, w.owner, w.league.id, false, 'es');
    expect(closed.data).toEqual({ message: 'Tablón cerrado', open: false });
    expect((await board(t, w.member, w.league.id)).data.open).toBe(false);
    const refused = await post(t, w.member, { league_id: w.league.id, text: 'Anyone?' }, 'es');
    expect(refused.statusCode).toBe(403);
    expect(refused.data.error).toBe('El propietario ha cerrado el tablón');
    expect((await post(t, w.owner, { league_id: w.league.id, text: 'Me neither' })).statusCode).toBe(403);
    expect((await editPost(t, w.member, b.id, 'Edit')).statusCode).toBe(403);
    // Closing twice changes nothing more.
    expect((await setOpen(t, w.owner, w.league.id, false)).statusCode).toBe(200);
    expect((await setOpen(t, w.owner, w.league.id, true)).data.open).toBe(true);
    expect((await post(t, w.member, { league_id: w.league.id, text: 'Back' })).statusCode).toBe(200);
    expect((await loggedActions(t, w.league.id)).slice(3)).toEqual([
      'post.pinned', 'post.pinned', 'post.unpinned', 'post.pinned', 'post.deleted', 'board.closed', 'board.opened', 'post.created',
    ]);
  });

  it('removed members can no longer post; their posts stay, marked; a deleted account leaves a deleted user', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const said = await w.say(w.member, 'See you');
    const removed = await call(t.app, { method: 'DELETE', url: api(`/leagues/remove_user/${w.league.id}/${w.member.id}`), token: w.owner.token });
    expect(removed.statusCode).toBe(200);
    expect((await post(t, w.member, { league_id: w.league.id, text: 'Still here?' })).statusCode).toBe(403);
    expect((await editPost(t, w.member, said.id, 'Edit')).statusCode).toBe(403);
    expect((await deletePost(t, w.member, said.id)).statusCode).toBe(403);
    expect((await board(t, w.owner, w.league.id)).data.posts[0]).toMatchObject({ id: said.id, author_left: true, author_name: 'Mario Member' });

    // Back by a new invitation: no longer marked.
    await t.deps.db.deleteFrom('league_bans').execute();
    expect((await join(t, w.member, w.league.id, w.league.share_token)).statusCode).toBe(200);
    expect((await board(t, w.owner, w.league.id)).data.posts[0].author_left).toBe(false);

    await t.deps.db.deleteFrom('league_members').where('user_id', '=', w.member.id).execute();
    await t.deps.db.deleteFrom('users').where('id', '=', w.member.id).execute();
    expect((await board(t, w.owner, w.league.id)).data.posts[0]).toMatchObject({
      id: said.id, author_id: null, author_name: null, author_left: false, text: 'See you', deleted: false,
    });
  });

  it('pages the board, newest first', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await w.say(i % 2 ? w.owner : w.member, `Post ${i}`)).id);
    const first = (await board(t, w.member, w.league.id, '?limit=2')).data;
    expect(first.posts.map((p: { id: number }) => p.id)).toEqual([ids[4], ids[3]]);
    const second = (await board(t, w.member, w.league.id, `?limit=2&before=${first.next_before}`)).data;
    expect(second.posts.map((p: { id: number }) => p.id)).toEqual([ids[2], ids[1]]);
    const last = (await board(t, w.member, w.league.id, `?limit=2&before=${second.next_before}`)).data;
    expect(last).toMatchObject({ posts: [expect.objectContaining({ id: ids[0] })], next_before: null });
    expect((await board(t, w.member, w.league.id, '?limit=51')).statusCode).toBe(400);
  });
});
