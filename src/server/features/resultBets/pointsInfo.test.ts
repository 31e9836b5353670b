import { call, describeEachDb } from '../../testing/harness';
import { CUP_START, api, leagueWithMember, leagueWorld } from '../leagues/testing/leagueTestKit';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { finishMatch } from './testing/betsTestFixture';

const HOUR = 3_600_000;

describeEachDb('points info of a weighted bet', (ctx) => {
  it("gives the legend and what it is multiplied by: the round's factor times the joker", async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { jokers: { count: 1, multiplier: 3 }, round_multipliers: [{ round_id: 1, factor: 2 }] });
    const [first, second] = w.cup.groupMatchIds;
    const bets = (await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=1`), token: w.member.token })).data as
      { id: number; match_id: number }[];
    const betOn = (matchId: number) => bets.find((b) => b.match_id === matchId)!.id;
    const save = (betId: number, joker: boolean) => call(t.app, {
      method: 'POST', url: api('/result_bets/update_result_bet'), token: w.member.token,
      payload: { result_bet_id: betId, local_goals: 2, visiting_goals: 1, joker },
    });
    expect((await save(betOn(first), true)).statusCode).toBe(200);
    expect((await save(betOn(second), false)).statusCode).toBe(200);
    t.clock.set(CUP_START + 6 * HOUR);
    for (const matchId of [first, second]) await finishMatch(t.deps.db, matchId, 2, 1);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [first, second]);
    const seen = (await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=1&user_id=${w.member.id}`), token: w.owner.token })).data as
      { id: number; points: number }[];
    for (const [matchId, multiplier] of [[first, 2 * 3], [second, 2]]) {
      const betId = betOn(matchId);
      const info = (await call(t.app, { method: 'GET', url: api(`/result_bets/points_info/${betId}`), token: w.owner.token })).data;
      const legend = info.legend.reduce((sum: number, row: { points: number }) => sum + row.points, 0);
      // Classic exact hit: 2 + 1 + 1 + 1, times the weights, is the bet's points.
      expect({ matchId, legend, multiplier: info.multiplier }).toEqual({ matchId, legend: 5, multiplier });
      expect(seen.find((b) => b.id === betId)!.points).toBe(legend * multiplier);
    }
  });
});
