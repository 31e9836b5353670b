import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { call, describeEachDb } from '../../testing/harness';
import { addScorer, createLeagueSeason, setResult } from './testing/referenceTestData';

const DAY = 86_400_000;
const get = (ctx: () => { app: Parameters<typeof call>[0] }, url: string) => call(ctx().app, { method: 'GET', url: `/api/v1/en${url}` });

describeEachDb('competition reads', (ctx) => {
  const tomorrow = () => ctx().clock.now() + DAY;

  it('lists competitions, the active ones, and shows one with is_league', async () => {
    const cup = await createCup(ctx().deps.db, { start: tomorrow(), name: 'World Cup' });
    const league = await createLeagueSeason(ctx().deps.db, { start: tomorrow(), name: 'LaLiga' });
    await ctx().deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', league.competitionId).execute();

    const all = await get(ctx, '/competition/index');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('public, max-age=1800');
    expect(all.data).toEqual([
      { id: cup.competitionId, name: 'World Cup', finished: false, competition_type: 'cup', is_league: false, provider: 'manual' },
      { id: league.competitionId, name: 'LaLiga', finished: true, competition_type: 'league', is_league: true, provider: 'manual' },
    ]);
    const active = await get(ctx, '/competition/active');
    expect(active.data.map((c: { id: number }) => c.id)).toEqual([cup.competitionId]);
    const one = await get(ctx, `/competition/${league.competitionId}`);
    expect(one.data).toMatchObject({ id: league.competitionId, is_league: true, finished: true });
  });

  it('answers 404 with the translated message for an unknown competition on every competition call', async () => {
    for (const path of ['', 'league_rules/', 'classification/', 'winner_round/', 'next_round/', 'scorers/']) {
      const res = await get(ctx, `/competition/${path}999`);
      expect(res.statusCode).toBe(404);
      expect(res.data).toEqual({ error: 'The competition does not exist' });
      expect(res.headers['cache-control']).toBeUndefined();
    }
    const es = await call(ctx().app, { method: 'GET', url: '/api/v1/es/competition/999' });
    expect(es.data).toEqual({ error: 'La competición no existe' });
    expect((await get(ctx, '/competition/available_team_ids/999/8')).statusCode).toBe(404);
  });

  it('rejects malformed ids with a 400', async () => {
    for (const url of ['/competition/abc', '/competition/0', '/competition/classification/-1', '/competition/available_team_ids/1/x', '/competition/scorers/1.5']) {
      const res = await get(ctx, url);
      expect(res.statusCode).toBe(400);
      expect(res.data.error).toBe('The request is not valid');
    }
  });

  it('lists the pick rules of a competition', async () => {
    const cup = await createCup(ctx().deps.db, { start: tomorrow() });
    await createCup(ctx().deps.db, { start: tomorrow(), name: 'Other' });
    const res = await get(ctx, `/competition/league_rules/${cup.competitionId}`);
    expect(res.data.map((r: { round_id: number }) => r.round_id)).toEqual([ROUND.SEMI_FINALS, ROUND.FINAL, ROUND.CHAMPION, ROUND.TOP_SCORER]);
    expect(res.data[0]).toEqual({ id: cup.ruleIds[ROUND.SEMI_FINALS], competition_id: cup.competitionId, round_id: 6, picks: 4, points_per_hit: 4 });
  });

  it('ranks each cup group from finished group matches only, with ties broken by goal difference, goals and name', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: tomorrow() });
    const [a1, a2, a3, a4] = cup.teamIds;
    // Group A matches in date order: md1 A1-A2, A3-A4; md2 A1-A3, A2-A4; md3 A1-A4, A2-A3.
    const groupA = cup.groupMatchIds.slice(0, 6);
    await setResult(db, groupA[0], 1, 0); // A1 beats A2
    await setResult(db, groupA[1], 2, 1); // A3 beats A4
    await setResult(db, groupA[2], 0, 0); // A1 draws A3
    await setResult(db, groupA[3], 3, 2); // A2 beats A4
    await setResult(db, groupA[4], 5, 5, { finished: false }); // in play: not counted
    await setResult(db, cup.knockoutMatchIds[0], 4, 0); // knockout: never counted
    await db.updateTable('matches').set({ local_team_id: a1, visiting_team_id: a2 }).where('id', '=', cup.knockoutMatchIds[0]).execute();

    const res = await get(ctx, `/competition/classification/${cup.competitionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const rows = res.data as { team_id: number; group_id: number; position: number }[];
    expect(rows).toHaveLength(8);
    const tableA = rows.filter((r) => r.group_id === cup.groupIds[0]);
    // A1 4 pts (+1), A3 4 pts (+1, 2 gf) above A1 on goals for; A2 3 pts; A4 0.
    expect(tableA.map((r) => [r.team_id, r.position])).toEqual([[a3, 1], [a1, 2], [a2, 3], [a4, 4]]);
    expect(tableA[0]).toEqual({
      team_id: a3, group_id: cup.groupIds[0], position: 1, played: 2, wins: 1, draws: 1, losses: 0,
      goals_for: 2, goals_against: 1, goal_difference: 1, streak: ['W', 'D'], points: 4,
    });
    expect(tableA[3]).toMatchObject({ played: 2, losses: 2, goals_for: 3, goals_against: 5, streak: ['L', 'L'], points: 0 });
    // Group B has no results: every team at zero, ordered by name, positions 1..4.
    const tableB = rows.filter((r) => r.group_id === cup.groupIds[1]);
    expect(rows.indexOf(tableB[0])).toBe(4);
    expect(tableB.map((r) => r.team_id)).toEqual(cup.teamIds.slice(4, 8));
    expect(tableB.map((r) => r.position)).toEqual([1, 2, 3, 4]);
  });

  it('ranks a league as one table with the last five results as the streak', async () => {
    const db = ctx().deps.db;
    const season = await createLeagueSeason(db, { start: tomorrow(), teams: 2, matchdays: 7 });
    const [c1, c2] = season.teamIds;
    // Club 1 is at home on odd matchdays, Club 2 on even ones. Club 1: W W D L W W L (oldest first).
    const scores: [number, number][] = [[1, 0], [0, 2], [1, 1], [3, 0], [2, 0], [0, 1], [0, 1]];
    for (const [i, [home, away]] of scores.entries()) await setResult(db, season.matchIds[i][0], home, away);

    const res = await get(ctx, `/competition/classification/${season.competitionId}`);
    expect(res.data).toEqual([
      { team_id: c1, group_id: null, position: 1, played: 7, wins: 4, draws: 1, losses: 2, goals_for: 7, goals_against: 5, goal_difference: 2, streak: ['D', 'L', 'W', 'W', 'L'], points: 13 },
      { team_id: c2, group_id: null, position: 2, played: 7, wins: 2, draws: 1, losses: 4, goals_for: 5, goals_against: 7, goal_difference: -2, streak: ['D', 'W', 'L', 'L', 'W'], points: 7 },
    ]);
  });

  it('names the champion round of a cup and of a league, or null without a rule', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: tomorrow() });
    const season = await createLeagueSeason(db, { start: tomorrow() });
    expect((await get(ctx, `/competition/winner_round/${cup.competitionId}`)).data).toEqual({ id: 8, name: 'Champion', kind: 'picks' });
    const none = await get(ctx, `/competition/winner_round/${season.competitionId}`);
    expect(none.statusCode).toBe(200);
    expect(none.data).toBeNull();
    await db.insertInto('league_rules').values({ competition_id: season.competitionId, round_id: ROUND.LEAGUE_CHAMPION, picks: 1, points_per_hit: 10 }).execute();
    expect((await get(ctx, `/competition/winner_round/${season.competitionId}`)).data).toEqual({ id: 14, name: 'League champion', kind: 'picks' });
  });

  it('moves the next round on as knockout rounds kick off', async () => {
    const start = tomorrow();
    const cup = await createCup(ctx().deps.db, { start });
    const url = `/competition/next_round/${cup.competitionId}`;
    expect((await get(ctx, url)).data).toEqual({ id: 6, name: 'Semi-finals', kind: 'knockout' });
    // First semi-final kicks off 3 days after the first group match.
    ctx().clock.set(start + 3 * DAY - 1);
    expect((await get(ctx, url)).data).toMatchObject({ id: 6 });
    ctx().clock.set(start + 3 * DAY);
    expect((await get(ctx, url)).data).toEqual({ id: 7, name: 'Final', kind: 'knockout' });
    ctx().clock.advance(2 * DAY);
    const after = await get(ctx, url);
    expect(after.statusCode).toBe(200);
    expect(after.data).toBeNull();
  });

  it('counts a knockout round as started when a match of it is flagged started, even before its kickoff', async () => {
    const cup = await createCup(ctx().deps.db, { start: tomorrow() });
    await ctx().deps.db.updateTable('matches').set({ started: 1 }).where('id', '=', cup.knockoutMatchIds[1]).execute();
    expect((await get(ctx, `/competition/next_round/${cup.competitionId}`)).data).toMatchObject({ id: 7 });
  });

  it('lists scorers with goals or assists, most goals first, then assists, then name', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: tomorrow() });
    const other = await createCup(db, { start: tomorrow(), name: 'Other' });
    const zoe = await addScorer(db, cup.competitionId, { name: 'Zoe', teamId: cup.teamIds[0], goals: 3, assists: 1 });
    const ana = await addScorer(db, cup.competitionId, { name: 'Ana', teamId: cup.teamIds[1], goals: 3, assists: 1 });
    const max = await addScorer(db, cup.competitionId, { name: 'Max', goals: 3, assists: 2 });
    const ben = await addScorer(db, cup.competitionId, { name: 'Ben', goals: 0, assists: 4 });
    await addScorer(db, cup.competitionId, { name: 'Nobody', goals: 0, assists: 0 });
    await addScorer(db, other.competitionId, { name: 'Elsewhere', goals: 9, assists: 0 });

    const res = await get(ctx, `/competition/scorers/${cup.competitionId}`);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.data).toEqual([
      { id: max, name: 'Max', team_id: null, goals: 3, assists: 2 },
      { id: ana, name: 'Ana', team_id: cup.teamIds[1], goals: 3, assists: 1 },
      { id: zoe, name: 'Zoe', team_id: cup.teamIds[0], goals: 3, assists: 1 },
      { id: ben, name: 'Ben', team_id: null, goals: 0, assists: 4 },
    ]);
  });

  it('answers the teams known to play a round, and every team for champion, scorer and final-table rounds', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: tomorrow() });
    const season = await createLeagueSeason(db, { start: tomorrow(), teams: 4 });
    const [a1, , , , b1, b2] = cup.teamIds;
    await db.updateTable('matches').set({ local_team_id: b2, visiting_team_id: a1 }).where('id', '=', cup.knockoutMatchIds[0]).execute();
    await db.updateTable('matches').set({ local_team_id: b1 }).where('id', '=', cup.knockoutMatchIds[1]).execute();
    const ids = (competitionId: number, roundId: number) => get(ctx, `/competition/available_team_ids/${competitionId}/${roundId}`);

    expect((await ids(cup.competitionId, ROUND.SEMI_FINALS)).data).toEqual([a1, b1, b2].sort((x, y) => x - y));
    expect((await ids(cup.competitionId, ROUND.FINAL)).data).toEqual([]);
    expect((await ids(cup.competitionId, ROUND.QUARTER_FINALS)).data).toEqual([]);
    expect((await ids(cup.competitionId, ROUND.CHAMPION)).data).toEqual(cup.teamIds);
    expect((await ids(cup.competitionId, ROUND.TOP_SCORER)).data).toEqual(cup.teamIds);
    expect((await ids(season.competitionId, ROUND.LEAGUE_CHAMPION)).data).toEqual(season.teamIds);
    expect((await ids(season.competitionId, ROUND.RELEGATION)).data).toEqual(season.teamIds);
    const unknown = await ids(cup.competitionId, 11);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data).toEqual({ error: 'The round does not exist' });
  });
});
