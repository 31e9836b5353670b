import { SCORING_PRESETS, resultBetPoints, type ScoringRules } from '../../../shared/domain/scoring';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { describeEachDb } from '../../testing/harness';
import { betsWithPoints, memberStandings } from '../../testing/standingsReads';
import { createLeague, finishMatch } from '../../features/resultBets/testing/betsTestFixture';
import { recomputeAfterResults, recomputeCompetition, refreshLeagueStandings } from './recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const RULES: ScoringRules[] = [
  { bets_system: 'exact', scoring: SCORING_PRESETS.classic, knockout_basis: 'regular' },
  { bets_system: 'exact', scoring: SCORING_PRESETS.classic, knockout_basis: 'extra_time' },
  { bets_system: 'exact', scoring: SCORING_PRESETS.winner, knockout_basis: 'regular' },
  { bets_system: 'sign', scoring: SCORING_PRESETS.classic, knockout_basis: 'extra_time' },
];

describeEachDb('set-based scoring', (ctx) => {
  it('scores every bet like the shared pure functions (systems, knockout basis, penalties)', async () => {
    const { db } = ctx().deps;
    const cup = await createCup(db, { start: ctx().clock.now() + 3_600_000 });
    const users = await Promise.all([1, 2, 3].map(() => createUserWithToken(ctx().deps)));
    const leagues = await Promise.all(RULES.map((rules) => createLeague(db, {
      competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })), ...rules,
    })));
    const matchIds = [...cup.groupMatchIds.slice(0, 4), ...cup.knockoutMatchIds];
    const scores: Record<number, [number, number, number | null, number | null, number | null, number | null]> = {};
    matchIds.forEach((id, i) => {
      const knockout = cup.knockoutMatchIds.includes(id);
      scores[id] = knockout ? [1, 1, i % 2, i % 2 === 0 ? 0 : 1, i === 5 ? 4 : null, i === 5 ? 3 : null] : [i % 3, (i + 1) % 2, null, null, null, null];
    });
    const bets = [];
    let seed = 7;
    const rand = () => { seed = (seed * 37 + 11) % 101; return seed % 4; };
    for (const leagueId of leagues) {
      for (const user of users) {
        for (const matchId of matchIds) {
          const empty = rand() === 0 && rand() === 0;
          // The first user always bets the 90-minute score, so exact hits are covered.
          const [local, visiting] = user === users[0] ? scores[matchId] : [rand(), rand()];
          bets.push({ league_id: leagueId, user_id: user.id, match_id: matchId, local_goals: empty ? null : local, visiting_goals: empty ? null : visiting, updated_at: 0 });
        }
      }
    }
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets)).execute();
    // The last match stays unfinished: its bets keep null points.
    const finished = matchIds.slice(0, -1);
    for (const id of finished) {
      const [l, v, le, ve, lp, vp] = scores[id];
      await finishMatch(db, id, l, v, { local_goals_extra_time: le ?? undefined, visiting_goals_extra_time: ve ?? undefined, local_penalties: lp ?? undefined, visiting_penalties: vp ?? undefined });
    }
    await recomputeAfterResults(db, cup.competitionId, finished);
    const points = new Map((await betsWithPoints(db)).map((b) => [b.id, b.points]));
    const rows = await db.selectFrom('result_bets as rb').innerJoin('matches as m', 'm.id', 'rb.match_id')
      .select(['rb.id', 'rb.league_id', 'rb.user_id', 'rb.local_goals', 'rb.visiting_goals', 'm.round_id', 'm.finished',
        'm.local_goals as ml', 'm.visiting_goals as mv', 'm.local_goals_extra_time', 'm.visiting_goals_extra_time'])
      .execute();
    expect(rows).toHaveLength(bets.length);
    for (const row of rows) {
      const rules = RULES[leagues.indexOf(row.league_id)];
      const expected = resultBetPoints(rules, row, { ...row, local_goals: row.ml, visiting_goals: row.mv });
      expect({ ...row, points: points.get(row.id) }).toEqual({ ...row, points: expected });
    }
    expect(rows.some((r) => points.get(r.id) === 5)).toBe(true);
    expect(rows.filter((r) => r.finished === 0).every((r) => points.get(r.id) === null)).toBe(true);

    // Stored standings equal the plain sum of bet points.
    const standings = async () => {
      const all = [];
      for (const leagueId of leagues) all.push(...(await memberStandings(db, leagueId)).values());
      return all;
    };
    for (const leagueId of leagues) {
      for (const member of (await memberStandings(db, leagueId)).values()) {
        const own = rows.filter((r) => r.user_id === member.user_id && r.league_id === leagueId);
        expect(member.points_league).toBe(own.reduce((sum, r) => sum + (points.get(r.id) ?? 0), 0));
        expect(member.points).toBe(member.points_league + member.points_rounds + member.points_people);
      }
    }
    // Rebuilding everything from scratch gives the same rows.
    const before = await standings();
    await recomputeCompetition(db, cup.competitionId);
    for (const leagueId of leagues) await refreshLeagueStandings(db, leagueId);
    expect(await standings()).toEqual(before);
  });

  it('adds a first result to rows its matchday already holds, though no match of it counted (a counted match moved away)', async () => {
    const { db } = ctx().deps;
    const cup = await createCup(db, { start: ctx().clock.now() + 3_600_000 });
    // One after the other: the stored rows are compared in user id order.
    const users = [await createUserWithToken(ctx().deps), await createUserWithToken(ctx().deps)];
    const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u) => ({ id: u.id })) });
    const [moved, later] = cup.groupMatchIds;
    const { matchday } = await db.selectFrom('matches').select('matchday').where('id', '=', moved).executeTakeFirstOrThrow();
    await db.updateTable('matches').set({ matchday }).where('id', '=', later).execute();
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, users.flatMap((u, i) => [moved, later].map((matchId) => ({
      league_id: leagueId, user_id: u.id, match_id: matchId, local_goals: 2, visiting_goals: i, updated_at: 0,
    }))))).execute();
    await finishMatch(db, moved, 2, 1);
    await recomputeAfterResults(db, cup.competitionId, [moved]);
    // The counted match moves to another matchday: its points stay in the rows of the first (no recompute runs).
    await db.updateTable('matches').set({ matchday: matchday + 50 }).where('id', '=', moved).execute();
    await finishMatch(db, later, 2, 0);
    await recomputeAfterResults(db, cup.competitionId, [later]);

    const rows = await db.selectFrom('member_matchday_points').select(['user_id', 'matchday', 'points'])
      .where('league_id', '=', leagueId).orderBy('user_id').execute();
    const points = await betsWithPoints(db, { leagueId });
    expect(rows).toEqual(users.map((u) => ({
      user_id: u.id, matchday,
      points: points.filter((b) => b.user_id === u.id).reduce((sum, b) => sum + (b.points ?? 0), 0),
    })));
    // Both results scored something for both members, so the second did add to existing rows.
    expect(points.every((b) => (b.points ?? 0) > 0)).toBe(true);
  });
});
