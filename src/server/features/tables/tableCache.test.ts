import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { PASSWORD, signUpViaApi } from '../accounts/testing/accountsTestKit';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;

/** A league of three with a bet each on the first match, which is then played. */
async function playedLeague(t: TestApp) {
  const { db } = t.deps;
  const cup = await createCup(db, { start: t.clock.now() + HOUR });
  const ana = await signUpViaApi(t.app);
  const [bob, carl] = await Promise.all(['Bob', 'Carl'].map((name) => createUserWithToken(t.deps, { name })));
  const members = [{ id: ana.id }, { id: bob.id, department: 'IT' }, { id: carl.id }];
  const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members });
  const other = await createLeague(db, { competitionId: cup.competitionId, ownerId: bob.id, members: [{ id: bob.id }] });
  const [first, second] = cup.groupMatchIds;
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, [ana.id, bob.id, carl.id].flatMap((user_id, i) => [first, second].map((match_id) => (
    { league_id: leagueId, user_id, match_id, local_goals: i, visiting_goals: 0, updated_at: 0 }))))).execute();
  t.clock.set(t.clock.now() + 3 * HOUR);
  await finishMatch(db, first, 1, 0);
  await recomputeAfterResults(db, cup.competitionId, [first]);
  return { cup, ana, bob, carl, leagueId, other, second };
}

describeEachDb('cached league tables', (ctx) => {
  const table = async (token: string, leagueId: number) => {
    const res = await call(ctx().app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}`, token });
    expect(res.statusCode).toBe(200);
    return res.data as { users: { user_id: number; user_name: string; department: string | null; points: number }[] };
  };
  const row = (data: Awaited<ReturnType<typeof table>>, userId: number) => data.users.find((u) => u.user_id === userId)!;

  it('are reused across writes that do not touch the league, and rebuilt by every change the table shows', async () => {
    const t = ctx();
    const { cup, ana, bob, carl, leagueId, other, second } = await playedLeague(t);
    expect(row(await table(ana.token, leagueId), bob.id)).toMatchObject({ points: 5, department: 'IT' });

    // Written behind the app's back, without moving the table's version: the cached answer stays.
    const carlBefore = row(await table(ana.token, leagueId), carl.id).points;
    await t.deps.db.updateTable('league_members').set({ points_bonus: 99 }).where('league_id', '=', leagueId).where('user_id', '=', carl.id).execute();
    // Writes elsewhere (another league's table, a bet) do not invalidate it either.
    await call(t.app, { method: 'POST', url: '/api/v1/en/leagues/update_department', token: bob.token, payload: { league_id: other, user_id: bob.id, department: 'X' } });
    expect(row(await table(ana.token, leagueId), carl.id).points).toBe(carlBefore);

    // A department, a name, a result: each shows at once.
    const department = await call(t.app, { method: 'POST', url: '/api/v1/en/leagues/update_department', token: ana.token,
      payload: { league_id: leagueId, user_id: bob.id, department: 'Sales' } });
    expect(department.statusCode).toBe(200);
    expect(row(await table(ana.token, leagueId), bob.id).department).toBe('Sales');
    const renamed = await call(t.app, { method: 'PUT', url: '/api/v1/users', token: ana.token, payload: { api_v1_user: { name: 'Ana Renamed', current_password: PASSWORD } } });
    expect(renamed.statusCode).toBe(200);
    expect(row(await table(bob.token, leagueId), ana.id).user_name).toBe('Ana Renamed');
    await finishMatch(t.deps.db, second, 0, 0);
    await recomputeAfterResults(t.deps.db, cup.competitionId, [second]);
    expect(row(await table(ana.token, leagueId), ana.id).points).toBe(1 + 5);
  });

  it('remember who may read a table for SESSION_CACHE_SECONDS: a removal by another process counts within that time, by this one at once', async () => {
    const t = ctx();
    const { db } = t.deps;
    // A league set up straight in the database: nothing in this process has touched its table yet (a change would
    // keep its access from being remembered for a few seconds).
    const cup = await createCup(db, { start: t.clock.now() + HOUR });
    const ana = await signUpViaApi(t.app);
    const [bob, carl] = await Promise.all(['Bob', 'Carl'].map((name) => createUserWithToken(t.deps, { name })));
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }, { id: bob.id }, { id: carl.id }] });
    const status = async (token: string) => (await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}`, token })).statusCode;
    expect(await status(carl.token)).toBe(200);
    expect(await status(bob.token)).toBe(200);
    // Carl's membership ends in "another process" (straight in the database, no table version moved here): his
    // remembered access holds until the cache's lifetime (1 s in this suite) has passed, then he is refused.
    await db.deleteFrom('league_members').where('league_id', '=', leagueId).where('user_id', '=', carl.id).execute();
    expect(await status(carl.token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await status(carl.token)).toBe(403);
    // The owner removes Bob through this process: refused at once, though his access was remembered too.
    const removed = await call(t.app, { method: 'DELETE', url: `/api/v1/en/leagues/remove_user/${leagueId}/${bob.id}`, token: ana.token });
    expect(removed.statusCode).toBe(200);
    expect(await status(bob.token)).toBe(403);
  });
}, { config: { sessionCacheSeconds: 1 } });
