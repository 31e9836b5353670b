import { call, describeEachDb } from '../../testing/harness';
import { createLeague } from '../leagues/testing/leagueTestKit';
import { isEvent, listen, LIVE_TEST_SETTINGS, openStream } from '../live/testing/liveTestKit';
import { leagueBoardUserData } from './leagueBoardUserData';
import { board, boardWorld, deletePost, editPost, loggedActions, pin, post, setOpen } from './testing/boardTestKit';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

const MINUTE = 60_000;

describeEachDb('the league board: live, limits, concurrency and user data', (ctx) => {
  it("a new post reaches the league's open pages through the live stream, and only that league's", async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const origin = await listen(t);
    const stream = await openStream(origin, w.league.id, w.owner.token);
    expect(stream.status).toBe(200);
    // Another league of the same competition talks first: this league's pages are not told.
    const elsewhere = await createLeague(t, w.other, { name: 'Elsewhere', competition_id: w.cup.competitionId });
    expect((await post(t, w.other, { league_id: elsewhere.id, text: 'Not for them' })).statusCode).toBe(200);
    const said = await w.say(w.member, 'Live from the office');
    const event = await stream.next(isEvent('board'));
    expect(event.data).toEqual({ league_id: w.league.id, post_id: said.id });
    expect(event.id).toMatch(/^\d+$/);
    await pin(t, w.owner, said.id);
    expect((await stream.next(isEvent('board'))).data).toEqual({ league_id: w.league.id, post_id: said.id });
    await setOpen(t, w.owner, w.league.id, false);
    expect((await stream.next(isEvent('board'))).data).toEqual({ league_id: w.league.id, post_id: null });

    // A stream resuming after the first event gets what it missed.
    const resumed = await openStream(origin, w.league.id, w.member.token, { lastEventId: event.id! });
    expect((await resumed.next(isEvent('board'))).data).toEqual({ league_id: w.league.id, post_id: said.id });
    stream.close();
    resumed.close();
  });

  it('takes at most 10 posts a minute from a member, with a translated 429', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    for (let i = 0; i < 10; i++) await w.say(w.member, `Message ${i}`);
    const refused = await post(t, w.member, { league_id: w.league.id, text: 'One more' }, 'es');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeTruthy();
    expect(refused.data.error).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo');
    // Another member is not held back.
    expect((await post(t, w.owner, { league_id: w.league.id, text: 'Slow down' })).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await post(t, w.member, { league_id: w.league.id, text: 'Calmer now' })).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('league_posts').select('id').where('author_id', '=', w.member.id).execute()).toHaveLength(11);
  });

  it('counts every board write against one limit, and folds repeated edits of a post into one log entry', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const events = async () => Number((await t.deps.db.selectFrom('live_events').select((eb) => eb.fn.countAll().as('n'))
      .where('kind', '=', 'board').executeTakeFirstOrThrow()).n);
    const mine = await w.say(w.member, 'Draft 0');
    const before = await events();
    for (let i = 1; i <= 8; i++) expect((await editPost(t, w.member, mine.id, `Draft ${i}`)).statusCode).toBe(200);
    // The post and eight edits: ten writes with this deletion; the eleventh, of any kind, is refused.
    const other = await w.say(w.owner, 'Owner post');
    expect((await deletePost(t, w.member, mine.id)).statusCode).toBe(200);
    const refusedEdit = await editPost(t, w.member, (await w.say(w.owner, 'Another')).id, 'Not mine');
    expect(refusedEdit.statusCode).toBe(403); // refused for its own reason first: it does not count
    const refused = await post(t, w.member, { league_id: w.league.id, text: 'One more' }, 'es');
    expect([refused.statusCode, refused.data.error]).toEqual([429, 'Demasiados intentos. Espera un momento y vuelve a intentarlo']);
    expect(refused.headers['retry-after']).toBeTruthy();
    // Every edit told the open pages; the log holds the post, one edit and the deletion.
    expect(await events() - before).toBeGreaterThanOrEqual(9);
    expect((await loggedActions(t, w.league.id)).filter((action) => action.startsWith('post.') && action !== 'post.created'))
      .toEqual(['post.edited', 'post.deleted']);

    // The owner's moderation counts too: two posts, three pins and unpins, closing and opening make ten; then no more.
    for (let i = 0; i < 3; i++) {
      expect((await pin(t, w.owner, other.id)).statusCode).toBe(200);
      expect((await call(t.app, { method: 'DELETE', url: `/api/v1/en/leagues/posts/pin/${other.id}`, token: w.owner.token })).statusCode).toBe(200);
    }
    expect((await setOpen(t, w.owner, w.league.id, false)).statusCode).toBe(200);
    expect((await setOpen(t, w.owner, w.league.id, true)).statusCode).toBe(200);
    expect((await pin(t, w.owner, other.id)).statusCode).toBe(429);
    expect((await deletePost(t, w.owner, other.id)).statusCode).toBe(429);
    t.clock.advance(MINUTE);
    expect((await pin(t, w.owner, other.id)).statusCode).toBe(200);
  });

  it('two pins at once leave one pinned post, and a post racing the closing of the board is either in or refused', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const a = await w.say(w.member, 'A');
    const b = await w.say(w.member, 'B');
    const pins = await Promise.all([pin(t, w.owner, a.id), pin(t, w.owner, b.id)]);
    expect(pins.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await t.deps.db.selectFrom('league_boards').select('pinned_post_id').where('league_id', '=', w.league.id).execute();
    expect(rows).toHaveLength(1);
    expect([a.id, b.id]).toContain(Number(rows[0]!.pinned_post_id));
    expect((await loggedActions(t, w.league.id)).filter((action) => action === 'post.pinned')).toHaveLength(2);

    const [posted, closed] = await Promise.all([
      post(t, w.member, { league_id: w.league.id, text: 'Last word' }), setOpen(t, w.owner, w.league.id, false),
    ]);
    expect(closed.statusCode).toBe(200);
    expect([200, 403]).toContain(posted.statusCode);
    const log = await loggedActions(t, w.league.id);
    // The post, if taken, was logged before the closing.
    expect(log.slice(-2)).toEqual(posted.statusCode === 200 ? ['post.created', 'board.closed'] : ['post.pinned', 'board.closed']);
  });

  it('an edit or a pin racing the deletion of the post never brings its text back nor pins it', async () => {
    const t = ctx();
    const w = await boardWorld(t);
    for (let round = 0; round < 3; round++) {
      const target = await w.say(w.member, `Soon gone ${round}`);
      const [edited, pinned, deleted] = await Promise.all([
        editPost(t, w.member, target.id, 'Rewritten'), pin(t, w.owner, target.id), deletePost(t, w.owner, target.id),
      ]);
      expect(deleted.statusCode).toBe(200);
      expect([200, 404]).toContain(edited.statusCode);
      expect([200, 404]).toContain(pinned.statusCode);
      const row = await t.deps.db.selectFrom('league_posts').select(['text', 'deleted_at']).where('id', '=', target.id).executeTakeFirstOrThrow();
      expect(row.text).toBe('');
      expect(row.deleted_at).not.toBeNull();
      expect((await board(t, w.member, w.league.id)).data.pinned).toBeNull();
    }
  });

  it("exports a user's posts and, when the account goes, leaves them as a deleted user's", async () => {
    const t = ctx();
    const w = await boardWorld(t);
    const kept = await w.say(w.member, 'Olé');
    const gone = await w.say(w.member, 'Oops');
    await deletePost(t, w.member, gone.id);
    await w.say(w.owner, 'Not Mario');
    const exported = await leagueBoardUserData.collect(t.deps.db, w.member.id);
    expect(exported).toEqual([
      expect.objectContaining({ id: kept.id, league_id: w.league.id, league_name: 'Office Porra', text: 'Olé', deleted_at: null }),
      expect.objectContaining({ id: gone.id, text: '', deleted_at: new Date(t.clock.now()).toISOString() }),
    ]);
    expect(leagueBoardUserData.name).toBe('league_posts');

    await t.deps.db.transaction().execute((trx) => leagueBoardUserData.forget(trx, w.member.id));
    expect(await leagueBoardUserData.collect(t.deps.db, w.member.id)).toEqual([]);
    const read = (await board(t, w.owner, w.league.id)).data;
    expect(read.posts.find((p: { id: number }) => p.id === kept.id)).toMatchObject({ author_id: null, author_name: null, text: 'Olé' });
  });
}, { config: { live: LIVE_TEST_SETTINGS } });
