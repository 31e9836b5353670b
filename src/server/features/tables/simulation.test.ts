import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeCompetition } from '../../domain/rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

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
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, { league_id: leagueId, user_id: ana.id, match_id: final, local_goals: 2, visiting_goals: 1, updated_at: 0 })).execute();
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

  it('a crowd-quote league: the simulation counts the shown bets, so a lone right tendency earns the quote', async () => {
    const t = ctx();
    const { db } = t.deps;
    const cup = await createCup(db, { start: t.clock.now() + 3_600_000 });
    const [ana, bea, carl] = [
      await createUserWithToken(t.deps, { name: 'Ana' }), await createUserWithToken(t.deps, { name: 'Bea' }),
      await createUserWithToken(t.deps, { name: 'Carl' }),
    ];
    const leagueId = await createLeague(db, {
      competitionId: cup.competitionId, ownerId: ana.id, members: [ana, bea, carl].map((u) => ({ id: u.id })), scoring: SCORING_PRESETS.quote,
    });
    const matchId = cup.groupMatchIds[0];
    const bet = (userId: number, local: number, visiting: number, mode = 0) => ({
      league_id: leagueId, user_id: userId, match_id: matchId, mode, local_goals: local, visiting_goals: visiting, updated_at: 0,
    });
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [bet(ana.id, 2, 0), bet(bea.id, 1, 1), bet(carl.id, 0, 0), bet(ana.id, 1, 0, 1)])).execute();
    const simulated = async () => {
      const res = await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}?mode=1`, token: ana.token });
      return Object.fromEntries(res.data.users.map((u: { user_id: number; points: number }) => [u.user_id, u.points]));
    };
    // Before the deadline the others' bets are hidden: Ana's bet counts alone (1 of 1), the tendency's 2 points.
    expect((await simulated())[ana.id]).toBe(2);
    t.clock.set(t.clock.now() + 3_600_000);
    // Shown: 1 of 3 said home win, 2 x 3 = 6 points; the draws earn nothing.
    expect(await simulated()).toEqual({ [ana.id]: 6, [bea.id]: 0, [carl.id]: 0 });
  });
});
