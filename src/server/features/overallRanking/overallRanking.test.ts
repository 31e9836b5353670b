import { createCup, type CupFixture } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { withMatchCompetitions } from '../../testing/betCompetitions';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { resyncPlayerRankings } from '../../domain/standings/overallStandings';
import { PASSWORD, signUpViaApi } from '../accounts/testing/accountsTestKit';

type Player = Awaited<ReturnType<typeof createUserWithToken>>;

/**
 * Ana plays two leagues (the first she joined counts), Bea and Cid one each, Dan bets on nothing. The first matchday
 * ends 2-1 and 0-0 and so on; the leagues score differently, the overall ranking by the default scoring.
 */
async function world(t: TestApp) {
  const { db } = t.deps;
  const cup = await createCup(db, { start: t.clock.now() - 5 * 86_400_000 });
  const [ana, bea, cid, dan] = [
    await createUserWithToken(t.deps, { name: 'Ana' }), await createUserWithToken(t.deps, { name: 'Beatriz' }),
    await createUserWithToken(t.deps, { name: 'Cid' }), await createUserWithToken(t.deps, { name: 'Dan' }),
  ];
  // Ana joined the office league first (joined_at 0 there, 1 in the family's).
  const office = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }, { id: bea.id }], name: 'Office' });
  const family = await createLeague(db, {
    competitionId: cup.competitionId, ownerId: cid.id, members: [{ id: cid.id }, { id: ana.id }, { id: dan.id }], name: 'Family',
    scoring: { mode: 'additive', tendency: 5, goal_difference: 0, exact: 5, local_goals: 0, visiting_goals: 0, quote_max: 10 },
  });
  const matchday = cup.groupMatchIds.slice(0, 4);
  const bet = (league: number, user: Player, m: number, l: number, v: number) => ({ league_id: league, user_id: user.id, match_id: matchday[m], local_goals: l, visiting_goals: v, updated_at: 0 });
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, [
    // Office: Ana exact on the first match (2-1: 2 + 1 + 1 + 1 = 5 by default), Bea the tendency only (2).
    bet(office, ana, 0, 2, 1), bet(office, bea, 0, 1, 0),
    // Family: Ana misses (0), Cid exact (5 by default; 10 in the family's scoring).
    bet(family, ana, 0, 0, 3), bet(family, cid, 0, 2, 1),
  ])).execute();
  for (const [i, id] of matchday.entries()) await finishMatch(db, id, i === 0 ? 2 : 0, i === 0 ? 1 : 0);
  await recomputeAfterResults(db, cup.competitionId, matchday);
  return { cup, office, family, ana, bea, cid, dan };
}

const get = (t: TestApp, player: Player, path: string, locale = 'en') => call(t.app, { method: 'GET', url: `/api/v1/${locale}${path}`, token: player.token });
const ranking = (t: TestApp, player: Player, cup: CupFixture, query = '') => get(t, player, `/competitions/ranking/${cup.competitionId}${query}`);
const me = (t: TestApp, player: Player, cup: CupFixture) => get(t, player, `/competitions/ranking/${cup.competitionId}/me`);
const rows = (res: { data: { rows: { user_name: string; position: number; points: number }[] } }) => res.data.rows.map((r) => [r.user_name, r.position, r.points]);

describeEachDb('everybody\'s ranking of a competition', (ctx) => {
  it('ranks every player with a scored bet once, by their first league\'s bets under the default scoring', async () => {
    const t = ctx();
    const w = await world(t);
    const page = await ranking(t, w.dan, w.cup);
    expect(page.statusCode).toBe(200);
    // Ana counts once, by the office's bets (5), not the family's (0); Cid's exact hit is 5 by default, not 10; Dan
    // has no bet: not ranked. Equal points and exact hits share a position, listed by name.
    expect(rows(page)).toEqual([['Ana', 1, 5], ['Cid', 1, 5], ['Beatriz', 3, 2]]);
    expect(page.data).toMatchObject({ total_players: 3, next_after: null });
    expect(Object.keys(page.data.rows[0]).sort()).toEqual(['exact_hits', 'points', 'position', 'user_id', 'user_name']);

    const mine = await me(t, w.bea, w.cup);
    expect(mine.data).toMatchObject({ ranked: true, position: 3, points: 2, total_players: 3, top_percent: 100, hidden: false, main_league: { id: w.office, name: 'Office' } });
    expect(rows(mine)).toEqual([['Ana', 1, 5], ['Cid', 1, 5], ['Beatriz', 3, 2]]);
    expect((await me(t, w.dan, w.cup)).data).toMatchObject({ ranked: false, position: null, points: null, top_percent: null, rows: [], main_league: { id: w.family } });
  });

  it('pages chain with `after`; a search finds names by their start, accents and case aside; bad input is a 4xx', async () => {
    const t = ctx();
    const w = await world(t);
    const first = await ranking(t, w.bea, w.cup, '?limit=2');
    expect(rows(first)).toEqual([['Ana', 1, 5], ['Cid', 1, 5]]);
    expect(first.data.next_after).toBe(w.cid.id);
    const second = await ranking(t, w.bea, w.cup, `?limit=2&after=${first.data.next_after}`);
    expect(rows(second)).toEqual([['Beatriz', 3, 2]]);
    expect(second.data.next_after).toBeNull();
    expect(rows(await ranking(t, w.bea, w.cup, '?q=BEA'))).toEqual([['Beatriz', 3, 2]]);
    expect(rows(await ranking(t, w.bea, w.cup, `?q=${encodeURIComponent('ána')}`))).toEqual([['Ana', 1, 5]]);
    expect((await ranking(t, w.bea, w.cup, `?after=${w.dan.id}`)).statusCode).toBe(404);
    for (const query of ['?q=a', '?limit=0', '?limit=201', '?after=abc', '?after=-3', '?other=1']) {
      const res = await ranking(t, w.bea, w.cup, query);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    expect((await get(t, w.bea, '/competitions/ranking/999999')).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/en/competitions/ranking/${w.cup.competitionId}` })).statusCode).toBe(401);
  });

  it('a player chooses their main league among theirs; leaving it moves them to their next one', async () => {
    const t = ctx();
    const w = await world(t);
    const choose = (league: number, player = w.ana) => call(t.app, {
      method: 'PUT', url: `/api/v1/en/competitions/ranking/${w.cup.competitionId}/main_league`, token: player.token, payload: { league_id: league },
    });
    const chosen = await choose(w.family);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.data).toMatchObject({ ranked: true, points: 0, main_league: { id: w.family, name: 'Family' } });
    expect(rows(await ranking(t, w.bea, w.cup))).toEqual([['Cid', 1, 5], ['Beatriz', 2, 2], ['Ana', 3, 0]]);
    expect((await choose(w.family, w.bea)).statusCode).toBe(403);
    expect((await choose(999999)).statusCode).toBe(404);
    const otherCup = await createCup(t.deps.db, { start: t.clock.now() });
    const elsewhere = await createLeague(t.deps.db, { competitionId: otherCup.competitionId, ownerId: w.ana.id, members: [{ id: w.ana.id }] });
    expect((await choose(elsewhere)).statusCode).toBe(404);
    // Ana leaves the family: her office bets count again.
    expect((await call(t.app, { method: 'DELETE', url: `/api/v1/en/leagues/cancel/${w.family}`, token: w.ana.token })).statusCode).toBe(200);
    expect((await me(t, w.ana, w.cup)).data).toMatchObject({ position: 1, points: 5, main_league: { id: w.office } });
  });

  it('a player who opts out is absent and positions close up; back in, they return', async () => {
    const t = ctx();
    const w = await world(t);
    await t.deps.db.updateTable('users').set({ ranking_hidden: 1 }).where('id', '=', w.ana.id).execute();
    await resyncPlayerRankings(t.deps.db, w.ana.id);
    expect(rows(await ranking(t, w.bea, w.cup))).toEqual([['Cid', 1, 5], ['Beatriz', 2, 2]]);
    expect((await me(t, w.ana, w.cup)).data).toMatchObject({ ranked: false, hidden: true, position: null });
    await t.deps.db.updateTable('users').set({ ranking_hidden: 0 }).where('id', '=', w.ana.id).execute();
    await resyncPlayerRankings(t.deps.db, w.ana.id);
    expect(rows(await ranking(t, w.bea, w.cup))).toEqual([['Ana', 1, 5], ['Cid', 1, 5], ['Beatriz', 3, 2]]);
  });

  it('the account setting opts out at once', async () => {
    const t = ctx();
    const w = await world(t);
    const eva = await signUpViaApi(t.app, { name: 'Eva', email: 'eva@example.com' });
    await t.deps.db.insertInto('league_members').values({ league_id: w.office, user_id: eva.id, joined_at: 5 }).execute();
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, [
      { league_id: w.office, user_id: eva.id, match_id: w.cup.groupMatchIds[0], local_goals: 3, visiting_goals: 0, updated_at: 0 },
    ])).execute();
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [w.cup.groupMatchIds[0]]);
    expect(rows(await ranking(t, w.bea, w.cup))).toContainEqual(['Eva', 3, 2]);
    const update = await call(t.app, { method: 'PUT', url: '/api/v1/users', token: eva.token, payload: { api_v1_user: { current_password: PASSWORD, ranking_hidden: true } } });
    expect(update.statusCode).toBe(200);
    expect(update.data.ranking_hidden).toBe(true);
    expect(rows(await ranking(t, w.bea, w.cup)).map(([name]) => name)).not.toContain('Eva');
  });
});
