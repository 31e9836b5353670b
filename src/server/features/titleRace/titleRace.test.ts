import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';
import { computeTitleRace } from './titleRaceService';

const HOUR = 3_600_000;

/**
 * A cup of 2 groups (matchdays 1-3, four matches each; knockout matches not played in the league), classic scoring
 * (5 points for an exact bet). Matchday 1 is played: Ann bet every match exact (20), Ben half of them (10), Cid
 * got a tendency and a side's goals once (3), Dot did not bet.
 */
async function setup(t: TestApp) {
  const { db } = t.deps;
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(db, { start });
  const [ann, ben, cid, dot, outsider] = await Promise.all(['Ann', 'Ben', 'Cid', 'Dot', 'Eve'].map((name) => createUserWithToken(t.deps, { name })));
  const admin = await createUserWithToken(t.deps, { name: 'Admin', is_admin: true });
  const leagueId = await createLeague(db, {
    competitionId: cup.competitionId, ownerId: ann.id, members: [ann, ben, cid, dot].map((u) => ({ id: u.id })),
    playoff_results_points: 0, round_bets_enabled: 0, person_bets_enabled: 0,
  });
  const matches = await db.selectFrom('matches').select(['id', 'matchday', 'date']).where('competition_id', '=', cup.competitionId)
    .where('round_id', '=', 1).orderBy('date').orderBy('id').execute();
  const md = (day: number) => matches.filter((m) => m.matchday === day).map((m) => m.id);
  const bet = (userId: number, matchId: number, local: number, visiting: number) =>
    ({ league_id: leagueId, user_id: userId, match_id: matchId, local_goals: local, visiting_goals: visiting, updated_at: 0 });
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, [
    ...md(1).map((id) => bet(ann.id, id, 1, 0)), ...md(1).slice(0, 2).map((id) => bet(ben.id, id, 1, 0)), bet(cid.id, md(1)[0], 2, 0),
  ])).execute();
  t.clock.set(start + 4 * HOUR);
  for (const id of md(1)) await finishMatch(db, id, 1, 0);
  await recomputeAfterResults(db, cup.competitionId, md(1));
  return { cup, leagueId, ann, ben, cid, dot, outsider, admin, md, bet, start };
}

const race = (t: TestApp, token: string | null, leagueId: number, locale = 'en') =>
  call(t.app, { method: 'GET', url: `/api/v1/${locale}/leagues/title_race/${leagueId}`, token });
/** Sessions last a day: after the clock moves days on, an admin signed in now reads. */
const readLater = async (t: TestApp, leagueId: number) =>
  race(t, (await createUserWithToken(t.deps, { is_admin: true })).token, leagueId);
const byName = (data: any) => Object.fromEntries(data.members.map((m: any) => [m.user_name, m]));

describeEachDb('title race', (ctx) => {
  it('answers members and admins only: 401 signed out, 403 to a non-member, 404 for an unknown league', async () => {
    const s = await setup(ctx());
    expect((await race(ctx(), null, s.leagueId)).statusCode).toBe(401);
    const refused = await race(ctx(), s.outsider.token, s.leagueId, 'es');
    expect(refused.statusCode).toBe(403);
    expect(typeof refused.data.error).toBe('string');
    expect((await race(ctx(), s.ann.token, s.leagueId)).statusCode).toBe(200);
    expect((await race(ctx(), s.admin.token, s.leagueId)).statusCode).toBe(200);
    expect((await race(ctx(), s.ann.token, 999_999)).statusCode).toBe(404);
  });

  it("with eight matches open everyone can still win, each by a chance from modeled bets that no one's open bets move", async () => {
    const s = await setup(ctx());
    const { db } = ctx().deps;
    // Ben has bet on every match left, nobody else has.
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [...s.md(2), ...s.md(3)].map((id) => s.bet(s.ben.id, id, 1, 0)))).execute();
    const res = await race(ctx(), s.cid.token, s.leagueId);
    expect(res.statusCode).toBe(200);
    // The eight matches left have their teams (each drawn from the rating model's chances) and are all open.
    expect(res.data).toMatchObject({ simulations: 10_000, matches_left: 8, model: { finished_matches: 4, rated_matches: 8, open_matches: 8 } });
    expect(res.data.members.map((m: any) => [m.user_name, m.points, m.max_points, m.can_win, m.clinched])).toEqual([
      ['Ann', 20, 60, true, false], ['Ben', 10, 50, true, false], ['Cid', 3, 43, true, false], ['Dot', 0, 40, true, false],
    ]);
    const m = byName(res.data);
    // Forty points are still to play for: every member's bets there are modeled, so Ann leads without having won
    // it, and those behind keep a chance that shrinks with the gap.
    expect(m.Ann.chance).toBeLessThan(1);
    expect(m.Ben.chance).toBeGreaterThan(0.01);
    expect(m.Ann.chance).toBeGreaterThan(m.Ben.chance);
    expect(m.Ben.chance).toBeGreaterThan(m.Dot.chance);
    expect(m.Ann.chance + m.Ben.chance + m.Cid.chance + m.Dot.chance).toBeCloseTo(1, 9);
    // The same data gives the same answer.
    expect((await race(ctx(), s.ann.token, s.leagueId)).data).toEqual(res.data);
    // Ben's bets are still open, so hidden from the others: a chance that moved with them would tell. Without them
    // the chances are the same.
    await db.deleteFrom('result_bets').where('league_id', '=', s.leagueId).where('user_id', '=', s.ben.id)
      .where('match_id', 'in', [...s.md(2), ...s.md(3)]).execute();
    const { race: without } = await computeTitleRace(db, s.leagueId, ctx().clock.now());
    expect(without.members.map((x) => [x.user_name, x.chance])).toEqual(res.data.members.map((x: any) => [x.user_name, x.chance]));
  });

  it('once the deadlines pass, a member without bets left is out of the race; after the results the leader has clinched it', async () => {
    const s = await setup(ctx());
    const { db } = ctx().deps;
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [...s.md(2), ...s.md(3)].map((id) => s.bet(s.ben.id, id, 1, 0)))).execute();
    const before = byName((await race(ctx(), s.ann.token, s.leagueId)).data);
    expect(before.Cid.can_win).toBe(true);
    ctx().clock.set(s.start + 72 * HOUR);
    const closed = byName((await readLater(ctx(), s.leagueId)).data);
    expect([closed.Ann.max_points, closed.Ben.max_points, closed.Cid.max_points]).toEqual([20, 50, 3]);
    expect([closed.Ann.can_win, closed.Ben.can_win, closed.Cid.can_win, closed.Dot.can_win]).toEqual([true, true, false, false]);
    expect(closed.Cid.chance).toBe(0);
    const left = [...s.md(2), ...s.md(3)];
    for (const id of left) await finishMatch(db, id, 1, 0);
    await recomputeAfterResults(db, s.cup.competitionId, left);
    const after = await readLater(ctx(), s.leagueId);
    expect(after.data.matches_left).toBe(0);
    expect(after.data.members.map((m: any) => [m.user_name, m.points, m.max_points, m.can_win, m.clinched, m.chance])).toEqual([
      ['Ben', 50, 50, true, true, 1], ['Ann', 20, 20, false, false, 0], ['Cid', 3, 3, false, false, 0], ['Dot', 0, 0, false, false, 0],
    ]);
  });

  it('counts a closed bet at its best, a joker left on the best open match, and open bonus questions at their value', async () => {
    const s = await setup(ctx());
    const { db } = ctx().deps;
    await db.updateTable('leagues').set({ joker_count: 1, joker_multiplier: 3 }).where('id', '=', s.leagueId).execute();
    // Matchday 2's first match will be closed; Dot's joker bet 0-0 on it is worth at most 5, times 3.
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [{ ...s.bet(s.dot.id, s.md(2)[0], 0, 0), joker: 1 as const }])).execute();
    ctx().clock.set(s.start + 24 * HOUR);
    const { id: questionId } = await db.insertInto('bonus_questions').values({
      league_id: s.leagueId, text: 'Who?', kind: 'number', choices: null, points: 4, deadline: s.start + 25 * HOUR, created_at: 0, updated_at: 0,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('bonus_answers').values({ question_id: questionId, league_id: s.leagueId, user_id: s.cid.id, answer: '3', answer_key: '3', points: null, updated_at: 0 }).execute();
    const open = byName((await readLater(ctx(), s.leagueId)).data);
    // Group A's matchday 2 is closed, the other 6 matches are open at 5 each; Ann's joker left triples one of them.
    expect(open.Ann.max_points).toBe(20 + 5 * 5 + 3 * 5 + 4);
    expect(open.Dot.max_points).toBe(0 + 5 * 3 + 6 * 5 + 4);
    ctx().clock.set(s.start + 26 * HOUR);
    const closed = byName((await readLater(ctx(), s.leagueId)).data);
    expect(closed.Cid.max_points - open.Cid.max_points).toBe(0);
    expect(open.Ann.max_points - closed.Ann.max_points).toBe(4);
  });

  it("top-scorer picks move no one's max_points while the rule is open: made or not, each place counts at its most", async () => {
    const t = ctx();
    const { db } = t.deps;
    const start = t.clock.now() + 3 * HOUR;
    const cup = await createCup(db, { start });
    const [ann, ben] = await Promise.all(['Ann', 'Ben'].map((name) => createUserWithToken(t.deps, { name })));
    const leagueId = await createLeague(db, {
      competitionId: cup.competitionId, ownerId: ann.id, members: [ann, ben].map((u) => ({ id: u.id })),
      round_bets_enabled: 0, person_bets_enabled: 1,
    });
    // Ann picks a striker of a team with few matches left; Ben has not picked yet, and nobody else can tell.
    const { id: personId } = await db.insertInto('people').values({ name: 'Striker', team_id: cup.teamIds[0]!, external_key: null })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('person_bets').values({
      league_id: leagueId, user_id: ann.id, league_rule_id: cup.ruleIds[ROUND.TOP_SCORER]!, person_id: personId, points: null, updated_at: 0,
    }).execute();
    const open = byName((await race(t, ann.token, leagueId)).data);
    expect(open.Ann.max_points).toBe(open.Ben.max_points);
    // Once the pick's deadline has passed the picks are shown, and each counts as made.
    t.clock.set(start);
    const closed = byName((await race(t, (await createUserWithToken(t.deps, { is_admin: true })).token, leagueId)).data);
    expect(closed.Ann.max_points).toBeGreaterThan(closed.Ben.max_points);
  });

  it('while the chances of new data are simulated, readers get the bounds now and the last chances held to them', async () => {
    const s = await setup(ctx());
    const { db } = ctx().deps;
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, [...s.md(2), ...s.md(3)].map((id) => s.bet(s.ben.id, id, 1, 0)))).execute();
    const first = await race(ctx(), s.ann.token, s.leagueId);
    expect(first.data.chance_current).toBe(true);
    // Past every deadline, Cid has a late bet entered: a new data version, and Cid and Dot are out.
    ctx().clock.set(s.start + 72 * HOUR);
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, { ...s.bet(s.cid.id, s.md(3)[0], 1, 0), updated_at: 1 })).execute();
    const held = await readLater(ctx(), s.leagueId);
    expect(held.data.chance_current).toBe(false);
    const m = byName(held.data);
    expect([m.Cid.can_win, m.Cid.chance, m.Dot.chance]).toEqual([false, 0, 0]);
    expect(m.Ann.chance + m.Ben.chance).toBeCloseTo(1, 9);
    let current = held;
    for (let i = 0; i < 200 && !current.data.chance_current; i++) {
      await new Promise((resolve) => { setTimeout(resolve, 50); });
      current = await readLater(ctx(), s.leagueId);
    }
    expect(current.data.chance_current).toBe(true);
    expect(byName(current.data).Ann.chance + byName(current.data).Ben.chance).toBeCloseTo(1, 9);
  });
});
