import fc from 'fast-check';
import { isMatchPlayedInLeague, scoringResult, type KnockoutBasis } from '../../../shared/domain/scoring';
import { rankStandings, tableHits, TIE_BREAKS, type RankedStats, type TieBreak } from '../../../shared/domain/tieBreaks';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { createLeague, finishMatch } from '../../features/resultBets/testing/betsTestFixture';
import { recomputeCompetition } from '../rescoring/recompute';
import { touchLeagueTable } from './tableVersions';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Each run builds a cup, bets and results on a real database.
jest.setTimeout(180_000);

const goals = fc.integer({ min: 0, max: 3 });
const scenario = fc.record({
  bets_system: fc.constantFrom('exact' as const, 'sign' as const),
  knockout_basis: fc.constantFrom<KnockoutBasis>('regular', 'extra_time', 'penalties'),
  tieBreaks: fc.shuffledSubarray([...TIE_BREAKS]),
  // Per match of the cup (12 group + 3 knockout): a result or none, extra time and shoot-out goals.
  results: fc.array(fc.option(fc.record({ l: goals, v: goals, el: goals, ev: goals, pl: goals, pv: goals }), { nil: null }), { minLength: 15, maxLength: 15 }),
  // Per member and match: a bet or none.
  bets: fc.array(fc.array(fc.option(fc.tuple(goals, goals), { nil: null }), { minLength: 15, maxLength: 15 }), { minLength: 4, maxLength: 4 }),
});

describeEachDb('table hit counters and tie-break positions (SQL against the pure functions)', (ctx) => {
  it('exact, goal-difference and tendency hits and the positions match tableHits and rankStandings', async () => {
    const t = ctx();
    const { db } = t.deps;
    const users: Awaited<ReturnType<typeof createUserWithToken>>[] = [];
    for (let i = 0; i < 4; i++) users.push(await createUserWithToken(t.deps, { name: `Member ${i}` }));
    await fc.assert(fc.asyncProperty(scenario, async (s) => {
      const cup = await createCup(db, { start: t.clock.now() - 30 * 86_400_000 });
      const leagueId = await createLeague(db, {
        competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })),
        bets_system: s.bets_system, knockout_basis: s.knockout_basis,
      });
      await db.updateTable('leagues').set({ tie_breaks: JSON.stringify(s.tieBreaks) as never }).where('id', '=', leagueId).execute();
      const matchIds = [...cup.groupMatchIds, ...cup.knockoutMatchIds];
      const bets = s.bets.flatMap((row, u) => row.map((bet, m) => ({
        league_id: leagueId, user_id: users[u].id, match_id: matchIds[m],
        // Sign bets travel as 1-0, 0-0 or 0-1.
        local_goals: bet && (s.bets_system === 'sign' ? (bet[0] > bet[1] ? 1 : 0) : bet[0]),
        visiting_goals: bet && (s.bets_system === 'sign' ? (bet[1] > bet[0] ? 1 : 0) : bet[1]), updated_at: 0,
      })));
      await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets)).execute();
      for (const [m, result] of s.results.entries()) {
        if (!result) continue;
        const knockout = m >= cup.groupMatchIds.length;
        const level = result.l === result.v;
        await finishMatch(db, matchIds[m], result.l, result.v, knockout && level ? {
          local_goals_extra_time: result.el, visiting_goals_extra_time: result.ev,
          ...(result.el === result.ev && { local_penalties: result.pl, visiting_penalties: result.pv }),
        } : {});
      }
      await recomputeCompetition(db, cup.competitionId);

      // The pure side: the same bets scored against the same matches.
      const matches = await db.selectFrom('matches').selectAll().where('competition_id', '=', cup.competitionId).execute();
      const expected = new Map(users.map((u) => [u.id, { exact_hits: 0, goal_difference_hits: 0, tendency_hits: 0 }]));
      for (const bet of bets) {
        const match = matches.find((x) => x.id === bet.match_id)!;
        if (bet.local_goals === null || bet.visiting_goals === null) continue;
        if (!isMatchPlayedInLeague({ bets_system: s.bets_system, playoff_results_points: 1, start_matchday: 1, selected_team_ids: [] }, match, false)) continue;
        const result = scoringResult(match, s.knockout_basis);
        if (!result) continue;
        const hits = tableHits({ local: bet.local_goals, visiting: bet.visiting_goals }, result, s.bets_system === 'sign');
        const counters = expected.get(bet.user_id)!;
        counters.exact_hits += Number(hits.exact);
        counters.goal_difference_hits += Number(hits.goal_difference);
        counters.tendency_hits += Number(hits.tendency);
      }
      const res = await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}`, token: users[0].token });
      expect(res.statusCode).toBe(200);
      const rows = res.data.users as (RankedStats & { user_id: number; user_name: string; position: number })[];
      for (const row of rows) {
        expect({ exact_hits: row.exact_hits, goal_difference_hits: row.goal_difference_hits, tendency_hits: row.tendency_hits })
          .toEqual(expected.get(row.user_id));
      }
      const ranked = rankStandings(rows, s.tieBreaks as TieBreak[], (a, b) => a.user_name.localeCompare(b.user_name, 'en'));
      expect(rows.map((r) => [r.user_id, r.position])).toEqual(ranked.map((r) => [r.user_id, r.position]));
      expect(res.data.tie_breaks).toEqual(s.tieBreaks);
    }), { numRuns: 8 });
  });

  it('equal points share a position until a tie-break tells them apart; every finished matchday lists its winners', async () => {
    const t = ctx();
    const { db } = t.deps;
    const [ana, bob, cid] = [await createUserWithToken(t.deps, { name: 'Ana' }), await createUserWithToken(t.deps, { name: 'Bob' }),
      await createUserWithToken(t.deps, { name: 'Cid' })];
    const cup = await createCup(db, { start: t.clock.now() - 30 * 86_400_000 });
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, members: [{ id: ana.id }, { id: bob.id }, { id: cid.id }] });
    const md = await db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', cup.competitionId).orderBy('date').orderBy('id').execute();
    const [m1, m2] = md.filter((m) => m.matchday === 1).map((m) => m.id);
    const place = (userId: number, matchId: number, l: number, v: number) => ({ league_id: leagueId, user_id: userId, match_id: matchId, local_goals: l, visiting_goals: v, updated_at: 0 });
    // Results 1-0 and 1-0. Ana: an exact hit and a miss; Bob: two right goal differences.
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [place(ana.id, m1, 1, 0), place(ana.id, m2, 0, 2), place(bob.id, m1, 2, 1), place(bob.id, m2, 3, 2)])).execute();
    for (const id of md.filter((m) => m.matchday === 1).map((m) => m.id)) await finishMatch(db, id, 1, 0);
    await recomputeCompetition(db, cup.competitionId);
    const read = async () => (await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}`, token: ana.token })).data;
    const before = await read();
    const [a, b] = ['Ana', 'Bob'].map((name) => before.users.find((r: any) => r.user_name === name));
    expect([a.exact_hits, a.goal_difference_hits, a.tendency_hits, b.exact_hits, b.goal_difference_hits, b.tendency_hits]).toEqual([1, 1, 1, 0, 2, 2]);
    expect(before.matchday_winners).toEqual([{ matchday: 1, user_ids: before.matchday_winner_ids }]);
    expect(before.matchday_winner_ids.length).toBeGreaterThan(0);
    // Tie them on points (whatever the scoring), then let the tie-breaks decide.
    const top = Math.max(a.points, b.points);
    for (const [user, row] of [[ana, a], [bob, b]] as const) {
      await db.updateTable('league_members').set({ points_bonus: top - row.points }).where('league_id', '=', leagueId).where('user_id', '=', user.id).execute();
    }
    // Written as the league's writers write: the rows, then the table's entry point (ranked rows and version).
    await touchLeagueTable(db, leagueId);
    expect((await read()).users.map((r: any) => [r.user_name, r.position])).toEqual([['Ana', 1], ['Bob', 1], ['Cid', 3]]);
    await db.updateTable('leagues').set({ tie_breaks: JSON.stringify(['tendency_hits']) as never }).where('id', '=', leagueId).execute();
    await touchLeagueTable(db, leagueId);
    expect((await read()).users.map((r: any) => [r.user_name, r.position])).toEqual([['Bob', 1], ['Ana', 2], ['Cid', 3]]);
    await db.updateTable('leagues').set({ tie_breaks: JSON.stringify(['exact_hits', 'tendency_hits']) as never }).where('id', '=', leagueId).execute();
    await touchLeagueTable(db, leagueId);
    expect((await read()).users.map((r: any) => [r.user_name, r.position])).toEqual([['Ana', 1], ['Bob', 2], ['Cid', 3]]);
  });
});
