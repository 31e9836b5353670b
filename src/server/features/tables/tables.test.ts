import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;

async function setup(t: TestApp) {
  const { db } = t.deps;
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(db, { start });
  const names = ['Zoe', 'Ángela', 'Bob', 'Carl', 'Dan'];
  const [zoe, angela, bob, carl, dan] = await Promise.all(names.map((name) => createUserWithToken(t.deps, { name })));
  const leagueId = await createLeague(db, {
    competitionId: cup.competitionId, ownerId: zoe.id,
    members: [{ id: zoe.id, department: 'Sales' }, { id: angela.id, department: 'Sales' }, { id: bob.id, department: 'Sales' },
      { id: carl.id, department: 'IT' }, { id: dan.id, department: 'IT' }],
  });
  const matches = await db.selectFrom('matches').select(['id', 'matchday', 'date']).where('competition_id', '=', cup.competitionId)
    .orderBy('date').orderBy('id').execute();
  const md1 = matches.filter((m) => m.matchday === 1).map((m) => m.id);
  const md2 = matches.filter((m) => m.matchday === 2).map((m) => m.id);
  const place = (userId: number, matchId: number, local: number, visiting: number) =>
    ({ league_id: leagueId, user_id: userId, match_id: matchId, local_goals: local, visiting_goals: visiting, updated_at: 0 });
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, [
    place(zoe.id, md1[0], 1, 0), place(angela.id, md1[0], 1, 0), place(bob.id, md1[0], 2, 0), place(carl.id, md1[1], 1, 0),
    // Matchday 2 is still open: Bob's bet is hidden from the others.
    place(bob.id, md2[0], 3, 3), place(angela.id, md2[0], 2, 2),
  ])).execute();
  t.clock.set(start + 4 * HOUR);
  for (const id of md1) await finishMatch(db, id, 1, 0);
  await recomputeAfterResults(db, cup.competitionId, md1);
  return { cup, leagueId, zoe, angela, bob, carl, dan, md1, md2 };
}

const table = (t: TestApp, token: string, leagueId: number, query = '', locale = 'en') =>
  call(t.app, { method: 'GET', url: `/api/v1/${locale}/leagues/users_league_table/${leagueId}${query}`, token });

describeEachDb('league tables', (ctx) => {
  it('positions 1, 1, 3 on total, ties listed by name (locale-aware), matchday points and wins', async () => {
    const s = await setup(ctx());
    const res = await table(ctx(), s.bob.token, s.leagueId);
    expect(res.statusCode).toBe(200);
    expect(res.data.users.map((r: any) => [r.user_name, r.points, r.position, r.matchday_wins])).toEqual([
      ['Ángela', 5, 1, 1], ['Carl', 5, 1, 1], ['Zoe', 5, 1, 1], ['Bob', 3, 4, 0], ['Dan', 0, 5, 0],
    ]);
    expect(res.data).toMatchObject({ matchday: 1, last_played_matchday: 1 });
    expect(res.data.matchday_winner_ids).toEqual([s.zoe.id, s.angela.id, s.carl.id].sort((a, b) => a - b));
    expect(res.data.users[0]).toMatchObject({
      user_avatar: null, department: 'Sales', points_by_matchday: { 1: 5 }, points_league: 5, points_rounds: 0, points_people: 0, points_matchday: 5,
    });
  });

  it('department rows average their members to one decimal, with people and position', async () => {
    const s = await setup(ctx());
    const res = await table(ctx(), s.dan.token, s.leagueId);
    expect(res.data.departments).toEqual([
      { name: 'Sales', people: 3, points_league: 4.3, points_rounds: 0, points_people: 0, points: 4.3, points_matchday: 4.3, position: 1 },
      { name: 'IT', people: 2, points_league: 2.5, points_rounds: 0, points_people: 0, points: 2.5, points_matchday: 2.5, position: 2 },
    ]);
  });

  it('another matchday: its points; non-members refused', async () => {
    const s = await setup(ctx());
    const md2 = await table(ctx(), s.zoe.token, s.leagueId, '?matchday=2');
    expect(md2.data.users.every((r: any) => r.points_matchday === 0)).toBe(true);
    expect(md2.data.matchday_winner_ids).toEqual([]);
    const outsider = await createUserWithToken(ctx().deps, { name: 'Out' });
    expect((await table(ctx(), outsider.token, s.leagueId)).statusCode).toBe(403);
  });

  it('mode 1 scores hypothetical results but never a bet the caller may not see', async () => {
    const s = await setup(ctx());
    // Ángela simulates the open matchday-2 match ending 3-3: Bob's hidden exact bet must not score for her.
    const rows = (await call(ctx().app, { method: 'GET', url: `/api/v1/en/result_bets/index/${s.leagueId}?matchday=2&mode=1`, token: s.angela.token })).data;
    const row = rows.find((r: any) => r.match_id === s.md2[0]);
    await call(ctx().app, { method: 'POST', url: '/api/v1/en/result_bets/update_result_bet', token: s.angela.token,
      payload: { result_bet_id: row.id, local_goals: 3, visiting_goals: 3, mode: 1 } });
    const sim = await table(ctx(), s.angela.token, s.leagueId, '?mode=1');
    const points = Object.fromEntries(sim.data.users.map((r: any) => [r.user_name, r.points]));
    expect(points).toEqual({ Ángela: 7, Zoe: 5, Carl: 5, Bob: 3, Dan: 0 });
    expect(sim.data.users[0]).toMatchObject({ user_name: 'Ángela', position: 1, points_by_matchday: { 1: 5, 2: 2 } });
    // Bob's own simulation sees his own bet; the real table is unchanged.
    const real = await table(ctx(), s.angela.token, s.leagueId);
    expect(real.data.users.find((r: any) => r.user_name === 'Ángela').points).toBe(5);
  });
});
