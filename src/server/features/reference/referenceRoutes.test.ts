import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { call, describeEachDb } from '../../testing/harness';
import { addScorer, createLeagueSeason, setResult } from './testing/referenceTestData';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const get = (ctx: () => { app: Parameters<typeof call>[0] }, url: string) => call(ctx().app, { method: 'GET', url: `/api/v1/en${url}` });
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describeEachDb('reference reads', (ctx) => {
  const tomorrow = () => ctx().clock.now() + DAY;

  it('lists every pick rule and the top-scorer rules', async () => {
    const a = await createCup(ctx().deps.db, { start: tomorrow() });
    const b = await createCup(ctx().deps.db, { start: tomorrow(), name: 'B' });
    const all = await get(ctx, '/league_rules/index');
    expect(all.headers['cache-control']).toBe('public, max-age=1800');
    expect(all.data).toHaveLength(8);
    const scorer = await get(ctx, '/league_rules/scorer');
    expect(scorer.data).toEqual([
      { id: a.ruleIds[ROUND.TOP_SCORER], competition_id: a.competitionId, round_id: 10, picks: 1, points_per_hit: 1 },
      { id: b.ruleIds[ROUND.TOP_SCORER], competition_id: b.competitionId, round_id: 10, picks: 1, points_per_hit: 1 },
    ]);
  });

  it('shows a match with ISO date, booleans and placeholders, and 404s an unknown one', async () => {
    const cup = await createCup(ctx().deps.db, { start: tomorrow() });
    await setResult(ctx().deps.db, cup.groupMatchIds[0], 2, 1);
    const res = await get(ctx, `/matches/${cup.groupMatchIds[0]}`);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.data).toMatchObject({
      id: cup.groupMatchIds[0], competition_id: cup.competitionId, group_id: cup.groupIds[0], round_id: 1, matchday: 1,
      local_team_id: cup.teamIds[0], visiting_team_id: cup.teamIds[1], date: new Date(tomorrow()).toISOString(),
      status: 'finished', started: true, finished: true, local_goals: 2, visiting_goals: 1, local_penalties: null,
    });
    const final = await get(ctx, `/matches/${cup.knockoutMatchIds[2]}`);
    expect(final.data).toMatchObject({ round_id: 7, local_team_id: null, local_placeholder: 'W1', visiting_placeholder: 'W2', started: false, local_goals: null });
    const missing = await call(ctx().app, { method: 'GET', url: '/api/v1/es/matches/9999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.data).toEqual({ error: 'El partido no existe' });
  });

  it('lists the matches of a competition in date order, optionally of one matchday', async () => {
    const cup = await createCup(ctx().deps.db, { start: tomorrow() });
    await createCup(ctx().deps.db, { start: tomorrow(), name: 'Other' });
    const all = await get(ctx, `/matches/index/${cup.competitionId}`);
    expect(all.data).toHaveLength(15);
    const dates = all.data.map((m: { date: string }) => m.date);
    expect(dates).toEqual([...dates].sort());
    const day2 = await get(ctx, `/matches/index/${cup.competitionId}?matchday=2`);
    expect(day2.data).toHaveLength(4);
    expect(day2.data.every((m: { matchday: number }) => m.matchday === 2)).toBe(true);
    expect((await get(ctx, `/matches/index/${cup.competitionId}?matchday=9`)).data).toEqual([]);
    expect((await get(ctx, '/matches/index/9999')).statusCode).toBe(404);
    for (const bad of ['?matchday=x', '?matchday=0', '?other=1']) {
      expect((await get(ctx, `/matches/index/${cup.competitionId}${bad}`)).statusCode).toBe(400);
    }
  });

  it('tells the last played and next matchday as the clock moves', async () => {
    const start = tomorrow();
    const cup = await createCup(ctx().deps.db, { start });
    const url = `/matches/info_matchday/${cup.competitionId}`;
    // Each matchday's round names the knockout ones (semi-finals on matchday 4, the final on 5).
    const matchdayRounds = [1, 1, 1, 6, 7].map((round_id, i) => ({ matchday: i + 1, round_id }));
    expect((await get(ctx, url)).data).toEqual({ lastPlayedMatchday: 1, nextMatchday: 1, matchdays: [1, 2, 3, 4, 5], matchdayRounds });
    // Matchday 2: its first match (group A) has kicked off, group B's has not.
    ctx().clock.set(start + DAY + HOUR);
    expect((await get(ctx, url)).data).toEqual({ lastPlayedMatchday: 2, nextMatchday: 2, matchdays: [1, 2, 3, 4, 5], matchdayRounds });
    ctx().clock.set(start + DAY + 4 * HOUR);
    expect((await get(ctx, url)).data).toMatchObject({ lastPlayedMatchday: 2, nextMatchday: 3 });
    ctx().clock.set(start + 10 * DAY);
    expect((await get(ctx, url)).data).toMatchObject({ lastPlayedMatchday: 5, nextMatchday: null });
  });

  it('counts a matchday as played when a match is flagged started before its kickoff, and answers 1 with no matches', async () => {
    const season = await createLeagueSeason(ctx().deps.db, { start: tomorrow(), matchdays: 3 });
    await setResult(ctx().deps.db, season.matchIds[1][0], 0, 0, { finished: false });
    expect((await get(ctx, `/matches/info_matchday/${season.competitionId}`)).data)
      .toMatchObject({ lastPlayedMatchday: 2, nextMatchday: 1, matchdays: [1, 2, 3] });
    const empty = await createLeagueSeason(ctx().deps.db, { start: tomorrow(), matchdays: 0, name: 'Empty' });
    expect((await get(ctx, `/matches/info_matchday/${empty.competitionId}`)).data)
      .toEqual({ lastPlayedMatchday: 1, nextMatchday: null, matchdays: [], matchdayRounds: [] });
  });

  it('lists matches in play and the next ones of active competitions, from three hours ago, at most 30', async () => {
    const db = ctx().deps.db;
    const now = ctx().clock.now();
    const cup = await createCup(db, { start: now - 2 * HOUR }); // group A md1 kicked off 2 h ago, group B's in 1 h
    const old = await createCup(db, { start: now - 4 * HOUR, name: 'Old kickoffs' });
    const finished = await createCup(db, { start: now + HOUR, name: 'Finished' });
    await db.updateTable('competitions').set({ finished: 1 }).where('id', '=', finished.competitionId).execute();
    await setResult(db, cup.groupMatchIds[1], 1, 0); // finished already: not listed
    await setResult(db, cup.groupMatchIds[0], 0, 0, { finished: false });

    const res = await get(ctx, '/matches/next_matches');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const list = res.data as { id: number; competition_id: number; date: string }[];
    expect(list.some((m) => m.competition_id === finished.competitionId)).toBe(false);
    expect(list.some((m) => m.id === cup.groupMatchIds[1])).toBe(false);
    expect(list[0].id).toBe(cup.groupMatchIds[0]);
    expect(list.every((m) => Date.parse(m.date) >= now - 3 * HOUR)).toBe(true);
    // The other cup's first group A matches kicked off 4 h ago: out of the window; its group B ones are in.
    expect(list.some((m) => m.competition_id === old.competitionId && Date.parse(m.date) === now - 4 * HOUR)).toBe(false);
    expect(list.some((m) => m.competition_id === old.competitionId)).toBe(true);
    expect(list.map((m) => m.date)).toEqual(list.map((m) => m.date).sort());
    // 15 + 15 matches, less the finished one of the first cup and the two of the other kicked off 4 h ago.
    expect(list).toHaveLength(27);
  });

  it('filters next matches by competition and caps the list at 30', async () => {
    const db = ctx().deps.db;
    const big = await createCup(db, { start: tomorrow(), groups: 6 });
    const small = await createCup(db, { start: tomorrow(), name: 'Small' });
    expect((await get(ctx, '/matches/next_matches')).data).toHaveLength(30);
    const onlySmall = await get(ctx, `/matches/next_matches?competition_id=${small.competitionId}`);
    expect(onlySmall.data).toHaveLength(15);
    expect(onlySmall.data.every((m: { competition_id: number }) => m.competition_id === small.competitionId)).toBe(true);
    expect(big.groupMatchIds).toHaveLength(36);
    expect((await get(ctx, '/matches/next_matches?competition_id=abc')).statusCode).toBe(400);
  });

  it('lists the round catalogue, the rounds of a competition and one round', async () => {
    const cup = await createCup(ctx().deps.db, { start: tomorrow() });
    const all = await get(ctx, '/rounds/index');
    expect(all.headers['cache-control']).toBe('public, max-age=1800');
    expect(ids(all.data)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
    // Matches in group stage, semi-finals, final; rules for semis, final, champion and top scorer.
    expect(ids((await get(ctx, `/rounds/index/${cup.competitionId}`)).data)).toEqual([1, 6, 7, 8, 10]);
    expect((await get(ctx, '/rounds/14')).data).toEqual({ id: 14, name: 'League champion', kind: 'picks' });
    const missing = await get(ctx, '/rounds/11');
    expect(missing.statusCode).toBe(404);
    expect(missing.data).toEqual({ error: 'The round does not exist' });
    expect((await get(ctx, '/rounds/index/9999')).statusCode).toBe(404);
  });

  it('lists teams, and the teams of a competition with colours and flags mapped', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: tomorrow() });
    const season = await createLeagueSeason(db, { start: tomorrow() });
    const { id: spain } = await db.insertInto('teams').values({ team_name: 'Spain', abbreviation: 'ESP', flag: 'es', is_flag: 1, colors: 'not json', external_key: null })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('competition_teams').values({ competition_id: season.competitionId, team_id: spain }).execute();

    const all = await get(ctx, '/teams/index');
    expect(all.data).toHaveLength(13);
    const ofSeason = await get(ctx, `/teams/index/${season.competitionId}`);
    expect(ofSeason.headers['cache-control']).toBe('public, max-age=1800');
    expect(ofSeason.data).toEqual([
      ...season.teamIds.map((id, i) => ({ id, team_name: `Club ${i + 1}`, abbreviation: `CL${i + 1}`, flag: null, is_flag: false, colors_array: ['#000000'] })),
      { id: spain, team_name: 'Spain', abbreviation: 'ESP', flag: 'es', is_flag: true, colors_array: [] },
    ]);
    expect(ids((await get(ctx, `/teams/index/${cup.competitionId}`)).data)).toEqual(cup.teamIds);
    expect((await get(ctx, '/teams/index/9999')).data).toEqual({ error: 'The competition does not exist' });
  });

  it('lists the people of a competition: with stats in it or in one of its teams', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: tomorrow() });
    const other = await createCup(db, { start: tomorrow(), name: 'Other' });
    const scorer = await addScorer(db, cup.competitionId, { name: 'Free Agent', teamId: null, goals: 1, assists: 0 });
    const { id: squad } = await db.insertInto('people').values({ name: 'Squad Player', team_id: cup.teamIds[2], external_key: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('people').values({ name: 'Stranger', team_id: other.teamIds[0], external_key: null }).execute();
    const res = await get(ctx, `/people/index/${cup.competitionId}`);
    expect(res.data).toEqual([
      { id: scorer, name: 'Free Agent', team_id: null },
      { id: squad, name: 'Squad Player', team_id: cup.teamIds[2] },
    ]);
    expect((await get(ctx, '/people/index/9999')).statusCode).toBe(404);
  });

  it('lists groups, the groups of a competition, one group and the group-team links', async () => {
    const db = ctx().deps.db;
    const a = await createCup(db, { start: tomorrow() });
    const b = await createCup(db, { start: tomorrow(), name: 'B', groups: 1 });
    expect(ids((await get(ctx, '/groups/index')).data)).toEqual([...a.groupIds, ...b.groupIds]);
    expect((await get(ctx, `/groups/index/${a.competitionId}`)).data).toEqual([
      { id: a.groupIds[0], competition_id: a.competitionId, name: 'Group A' },
      { id: a.groupIds[1], competition_id: a.competitionId, name: 'Group B' },
    ]);
    expect((await get(ctx, `/groups/${b.groupIds[0]}`)).data).toEqual({ id: b.groupIds[0], competition_id: b.competitionId, name: 'Group A' });
    const missing = await get(ctx, '/groups/9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.data).toEqual({ error: 'The group does not exist' });
    expect((await get(ctx, '/groups/index_groups_team')).data).toHaveLength(12);
    const links = await get(ctx, `/groups/index_groups_team?competition_id=${b.competitionId}`);
    expect(links.headers['cache-control']).toBe('public, max-age=1800');
    expect(links.data).toEqual(b.teamIds.map((team_id) => ({ group_id: b.groupIds[0], team_id })));
    expect((await get(ctx, '/groups/index_groups_team?competition_id=9999')).statusCode).toBe(404);
    expect((await get(ctx, '/groups/index_groups_team?competition_id=0')).statusCode).toBe(400);
  });
});
