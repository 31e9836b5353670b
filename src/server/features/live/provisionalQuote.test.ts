import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { createLeague } from '../resultBets/testing/betsTestFixture';
import { liveStandings } from './provisionalTable';
import { findLeagueForUser } from '../../domain/leagues/leagueRows';
import { withMatchCompetitions } from '../../testing/betCompetitions';

describeEachDb('live provisional table of a crowd-quote league', (ctx) => {
  it('scores the score in play with the quote of the league\'s bets', async () => {
    const t = ctx();
    const { db } = t.deps;
    const cup = await createCup(db, { start: t.clock.now() - 3_600_000 });
    const [ana, bea, carl] = [
      await createUserWithToken(t.deps, { name: 'Ana' }), await createUserWithToken(t.deps, { name: 'Bea' }),
      await createUserWithToken(t.deps, { name: 'Carl' }),
    ];
    const leagueId = await createLeague(db, {
      competitionId: cup.competitionId, ownerId: ana.id, members: [ana, bea, carl].map((u) => ({ id: u.id })), scoring: SCORING_PRESETS.quote,
    });
    const matchId = cup.groupMatchIds[0];
    const bet = (userId: number, local: number, visiting: number) => ({
      league_id: leagueId, user_id: userId, match_id: matchId, mode: 0, local_goals: local, visiting_goals: visiting, updated_at: 0,
    });
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [bet(ana.id, 2, 0), bet(bea.id, 1, 1), bet(carl.id, 0, 0)])).execute();
    await db.updateTable('matches').set({ started: 1, status: 'in_play', local_goals: 1, visiting_goals: 0 }).where('id', '=', matchId).execute();
    const live = await liveStandings(t.deps, (await findLeagueForUser(db, leagueId, 0))!, 'en');
    const points = Object.fromEntries((live.table.users as { user_id: number; points: number }[]).map((u) => [u.user_id, u.points]));
    // Ana alone says home: 2 x 3 / 1 = 6 while it stays 1-0.
    expect(points).toEqual({ [ana.id]: 6, [bea.id]: 0, [carl.id]: 0 });
  });
});
