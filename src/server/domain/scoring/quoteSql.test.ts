import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { betsWithPoints, memberStandings } from '../../testing/standingsReads';
import { createLeague, finishMatch } from '../../features/resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

describeEachDb('crowd quote in the scoring SQL', (ctx) => {
  it('rounds half up, keeps within tendency and quote_max, and counts only real bets with both goals', async () => {
    const t = ctx();
    const { db } = t.deps;
    const cup = await createCup(db, { start: t.clock.now() - 86_400_000 });
    const users: Awaited<ReturnType<typeof createUserWithToken>>[] = [];
    for (let i = 0; i < 6; i++) users.push(await createUserWithToken(t.deps));
    const leagueId = await createLeague(db, {
      competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })),
      scoring: { ...SCORING_PRESETS.quote, tendency: 1, exact: 0, quote_max: 4 },
    });
    const [first, second] = cup.groupMatchIds;
    const bet = (user: number, matchId: number, local: number | null, visiting: number | null, mode = 0) => ({
      league_id: leagueId, user_id: users[user].id, match_id: matchId, mode, local_goals: local, visiting_goals: visiting, updated_at: 0,
    });
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [
      // First match: 2 home, 3 draws, one empty bet and a simulation (neither counts): 1 x 5 / 2 = 2.5 -> 3.
      bet(0, first, 1, 0), bet(1, first, 2, 1), bet(2, first, 0, 0), bet(3, first, 1, 1), bet(4, first, 2, 2), bet(5, first, null, null),
      bet(5, first, 3, 0, 1),
      // Second match: 1 home of 6: 1 x 6 = 6, capped at quote_max 4.
      bet(0, second, 1, 0), ...[1, 2, 3, 4, 5].map((u) => bet(u, second, 0, 1)),
    ])).execute();
    await finishMatch(db, first, 1, 0);
    await finishMatch(db, second, 3, 0);
    await recomputeAfterResults(db, cup.competitionId, [first, second]);
    const points = (await betsWithPoints(db, { leagueId })).map((b) => [users.findIndex((u) => u.id === b.user_id), b.match_id === first ? 'first' : 'second', b.points]);
    expect(points).toEqual(expect.arrayContaining([
      [0, 'first', 3], [1, 'first', 3], [2, 'first', 0], [5, 'first', null], [0, 'second', 4], [1, 'second', 0],
    ]));
    const table = await memberStandings(db, leagueId);
    expect(table.get(users[0].id)?.points_league).toBe(7);
  });
});
