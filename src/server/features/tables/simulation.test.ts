import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeCompetition } from '../../domain/scoring/recompute';

describeEachDb('simulated tables', (ctx) => {
  it('score played matches like the real table, shoot-outs of a penalties league included', async () => {
    const t = ctx();
    const { db } = t.deps;
    const cup = await createCup(db, { start: t.clock.now() - 30 * 86_400_000 });
    const ana = await createUserWithToken(t.deps, { name: 'Ana' });
    const leagueId = await createLeague(db, {
      competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }], knockout_basis: 'penalties',
    });
    const final = cup.knockoutMatchIds[cup.knockoutMatchIds.length - 1];
    await db.insertInto('result_bets').values({ league_id: leagueId, user_id: ana.id, match_id: final, local_goals: 2, visiting_goals: 1, updated_at: 0 }).execute();
    // 1-1 after extra time, 4-3 on penalties: with the penalties basis the result is 2-1, an exact hit.
    await finishMatch(db, final, 1, 1, { local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: 4, visiting_penalties: 3 });
    await recomputeCompetition(db, cup.competitionId);
    const table = async (mode: number) => (await call(t.app, {
      method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}${mode ? '?mode=1' : ''}`, token: ana.token,
    })).data.users[0];
    const real = await table(0);
    expect(real).toMatchObject({ points: 5, exact_hits: 1 });
    const simulated = await table(1);
    expect({ points: simulated.points, exact_hits: simulated.exact_hits }).toEqual({ points: real.points, exact_hits: real.exact_hits });
  });
});
