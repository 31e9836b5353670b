import { call, describeEachDb, type TestApp } from '../../../testing/harness';
import { createUserWithToken } from '../../../testing/fixtures';
import { importFootballData } from './footballDataImport';
import { finishedScore, leagueWorld, startFakeFootballData, worldCupWorld, type FakeFootballData } from './testing/fakeFootballData';
import { memberStanding } from '../../../testing/standingsReads';
import { settleResultJobs } from '../../resultJobs/testing/settleResultJobs';
import { withMatchCompetitions } from '../../../testing/betCompetitions';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

let fake: FakeFootballData;
beforeAll(async () => { fake = await startFakeFootballData(); });
afterAll(async () => { await fake.close(); });

function pointAtFake(t: TestApp) {
  Object.assign(t.deps.config, { footballDataUrl: fake.baseUrl, footballDataToken: 'test-token', footballDataTimeoutMs: 300, footballDataRequestsPerMinute: 1000 });
}

async function matchRows(t: TestApp, competitionId: number) {
  return t.deps.db.selectFrom('matches').selectAll().where('competition_id', '=', competitionId).orderBy('date').orderBy('id').execute();
}

async function tableCounts(t: TestApp) {
  const count = async (table: 'competitions' | 'teams' | 'matches' | 'people' | 'person_stats' | 'groups' | 'league_rules') =>
    Number((await t.deps.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { competitions: await count('competitions'), teams: await count('teams'), matches: await count('matches'), people: await count('people'),
    person_stats: await count('person_stats'), groups: await count('groups'), league_rules: await count('league_rules') };
}

describeEachDb('football-data.org provider', (ctx) => {
  beforeEach(() => { fake.world = worldCupWorld(); fake.failure = null; fake.requests.length = 0; pointAtFake(ctx()); });

  it('imports a competition: teams with flags, groups, stages, matchdays, scores, penalties, scorers and pick rules', async () => {
    const t = ctx();
    const result = await importFootballData(t.deps, 'WC');
    expect(result).toMatchObject({ created: true, updatedMatches: 16 });
    expect(fake.requests.every((r) => r.token === 'test-token')).toBe(true);
    const competition = await t.deps.db.selectFrom('competitions').selectAll().where('id', '=', result.competitionId).executeTakeFirstOrThrow();
    expect(competition).toMatchObject({ name: 'FIFA World Cup', competition_type: 'cup', provider: 'football-data', provider_ref: 'WC' });

    const spain = await t.deps.db.selectFrom('teams').selectAll().where('external_key', '=', 'football-data:team:760').executeTakeFirstOrThrow();
    expect(spain).toMatchObject({ team_name: 'Spain', abbreviation: 'ESP', flag: 'es', is_flag: 1 });
    expect(JSON.parse(spain.colors).length).toBeGreaterThan(0);
    const groups = await t.deps.db.selectFrom('groups').select('name').where('competition_id', '=', result.competitionId).orderBy('name').execute();
    expect(groups.map((g) => g.name)).toEqual(['Group A', 'Group B']);

    const matches = await matchRows(t, result.competitionId);
    expect(matches).toHaveLength(16);
    expect(matches.filter((m) => m.round_id === 1)).toHaveLength(12);
    expect(matches.filter((m) => m.round_id === 1).every((m) => m.group_id !== null && m.finished === 1)).toBe(true);
    // Cups number their match days 1..n in date order.
    expect([...new Set(matches.map((m) => m.matchday))]).toEqual([1, 2, 3, 4, 5, 6]);
    const semi1 = matches.find((m) => m.external_key === `football-data:match:${fake.world.matches[12].id}`)!;
    expect(semi1).toMatchObject({
      round_id: 6, status: 'finished', started: 1, finished: 1, local_goals: 1, visiting_goals: 1,
      local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: 3, visiting_penalties: 4,
    });
    const semi2 = matches.find((m) => m.external_key === `football-data:match:${fake.world.matches[13].id}`)!;
    expect(semi2).toMatchObject({ local_goals: 1, visiting_goals: 1, local_goals_extra_time: 1, visiting_goals_extra_time: 0, local_penalties: null });
    const third = matches.find((m) => m.round_id === 9)!;
    expect(third).toMatchObject({ status: 'postponed', started: 0, finished: 0, local_goals: null });
    const final = matches.find((m) => m.round_id === 7)!;
    expect(final).toMatchObject({ status: 'scheduled', started: 0, local_goals: null });
    expect(competition.finished).toBe(0);

    const stats = await t.deps.db.selectFrom('person_stats').innerJoin('people', 'people.id', 'person_stats.person_id')
      .select(['people.name', 'person_stats.goals', 'person_stats.assists']).where('competition_id', '=', result.competitionId).orderBy('goals', 'desc').execute();
    // Every squad player is on the competition's list (pickable before scoring); the scorers have their goals.
    expect(stats).toHaveLength(16);
    expect(stats.slice(0, 3)).toEqual([{ name: 'Spain Striker', goals: 4, assists: 1 }, { name: 'Brazil Striker', goals: 3, assists: 0 }, expect.objectContaining({ goals: 0 })]);
    const rules = await t.deps.db.selectFrom('league_rules').select(['round_id', 'picks']).where('competition_id', '=', result.competitionId).orderBy('round_id').execute();
    expect(rules.map((r) => r.round_id)).toEqual(expect.arrayContaining([6, 7, 8, 10]));
  });

  it('imports a league season: clubs with their colours, official matchdays, league pick rules', async () => {
    const t = ctx();
    fake.world = leagueWorld();
    const { competitionId } = await importFootballData(t.deps, 'PD', 2026);
    const competition = await t.deps.db.selectFrom('competitions').selectAll().where('id', '=', competitionId).executeTakeFirstOrThrow();
    expect(competition).toMatchObject({ name: 'Primera Division 2026', competition_type: 'league', provider_ref: 'PD:2026' });
    expect(fake.requests.filter((r) => r.path.endsWith('/matches')).every((r) => r.query.season === '2026')).toBe(true);
    const teams = await t.deps.db.selectFrom('teams').select(['team_name', 'flag', 'is_flag', 'colors']).orderBy('team_name').execute();
    expect(teams.every((team) => team.flag === null && team.is_flag === 0)).toBe(true);
    const colors = Object.fromEntries(teams.map((team) => [team.team_name, JSON.parse(team.colors)]));
    expect(colors['Real Madrid CF'].length).toBeGreaterThan(0);
    expect(colors['Tiny Club CF']).toEqual([]);
    const matches = await matchRows(t, competitionId);
    expect(matches.map((m) => [m.round_id, m.matchday, m.group_id])).toEqual([[2, 1, null], [2, 1, null], [2, 2, null], [2, 2, null]]);
    expect(await t.deps.db.selectFrom('groups').selectAll().execute()).toEqual([]);
    const rules = await t.deps.db.selectFrom('league_rules').select('round_id').where('competition_id', '=', competitionId).orderBy('round_id').execute();
    expect(rules.map((r) => r.round_id)).toEqual([10, 12, 13, 14]);
  });

  it('re-running changes nothing; a corrected score and a rescheduled match are picked up by update_competition', async () => {
    const t = ctx();
    const { competitionId } = await importFootballData(t.deps, 'WC');
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const before = await matchRows(t, competitionId);
    t.clock.advance(3_600_000);
    const again = await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition/${competitionId}`, token: admin.token });
    expect(again.statusCode).toBe(200);
    expect(again.data).toEqual({ message: 'Process update_competition finished', process: 'update_competition', updated_matches: 0 });
    expect(await matchRows(t, competitionId)).toEqual(before);
    expect((await importFootballData(t.deps, 'WC')).updatedMatches).toBe(0);

    // A member bet 2-1 on the first match, which ended 2-1.
    const firstId = before.find((m) => m.external_key === `football-data:match:${fake.world.matches[0].id}`)!.id;
    const player = await createUserWithToken(t.deps);
    const now = t.clock.now();
    const { id: leagueId } = await t.deps.db.insertInto('leagues').values({
      name: 'Oficina', name_normalized: 'oficina', competition_id: competitionId, owner_id: player.id, bets_system: 'exact',
      points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
      allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: 'fd-share', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.deps.db.insertInto('league_members').values({ league_id: leagueId, user_id: player.id, joined_at: now }).execute();
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, { league_id: leagueId, user_id: player.id, match_id: firstId, local_goals: 2, visiting_goals: 1, updated_at: now })).execute();
    const memberPoints = async () => (await memberStanding(t.deps.db, leagueId, player.id)).points;
    await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition_points/${competitionId}`, token: admin.token });
    expect(await memberPoints()).toBe(5);

    // The provider corrects a finished score and gives the postponed match a new date and a result.
    fake.world.matches[0].score = finishedScore(2, 2);
    const third = fake.world.matches[14];
    Object.assign(third, { status: 'FINISHED', utcDate: '2026-06-17T18:00:00.000Z', score: finishedScore(3, 0) });
    const res = await call(t.app, { method: 'POST', url: `/api/v1/es/update/update_competition/${competitionId}`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ message: 'Proceso update_competition terminado', updated_matches: 2 });
    const after = await matchRows(t, competitionId);
    expect(after.find((m) => m.external_key === `football-data:match:${fake.world.matches[0].id}`)).toMatchObject({ local_goals: 2, visiting_goals: 2 });
    expect(after.find((m) => m.round_id === 9)).toMatchObject({ status: 'finished', local_goals: 3, visiting_goals: 0, date: Date.parse('2026-06-17T18:00:00Z') });
    // The table moved with the correction once its job ran (2-2: only the local goals are still right).
    await settleResultJobs(t.deps);
    expect(await memberPoints()).toBe(1);
    // A rescheduled match keeps its matchday, and so does every other match.
    expect(after.map((m) => [m.id, m.matchday]).sort()).toEqual(before.map((m) => [m.id, m.matchday]).sort());
  });

  it('update fetches only the current window of competitions with a match being played', async () => {
    const t = ctx();
    const { competitionId } = await importFootballData(t.deps, 'WC');
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    fake.requests.length = 0;
    // Nothing is being played on 1 June: no request is spent.
    let res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token: admin.token });
    expect(res.data).toMatchObject({ process: 'update', updated_matches: 0 });
    expect(fake.requests).toHaveLength(0);

    const final = fake.world.matches[15];
    t.clock.set(Date.parse(final.utcDate) + 45 * 60_000);
    const { token } = await createUserWithToken(t.deps, { is_admin: true });
    Object.assign(final, { status: 'IN_PLAY', score: { winner: null, duration: 'REGULAR', fullTime: { home: 1, away: 0 }, halfTime: { home: 1, away: 0 } } });
    res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token });
    expect(res.data).toMatchObject({ updated_matches: 1 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/v4/competitions/WC/matches', query: { dateFrom: '2026-06-16', dateTo: '2026-06-18' } });
    const row = (await matchRows(t, competitionId)).find((m) => m.round_id === 7)!;
    expect(row).toMatchObject({ status: 'in_play', started: 1, finished: 0, local_goals: 1, visiting_goals: 0 });

    Object.assign(final, { status: 'FINISHED', score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 2, away: 0 }, halfTime: { home: 1, away: 0 } } });
    t.clock.advance(60 * 60_000);
    res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token });
    expect(res.data).toMatchObject({ updated_matches: 1 });
    // Just after the whistle the provider corrects the score: the next update still asks, and picks it up.
    final.score = finishedScore(2, 1);
    t.clock.advance(30 * 60_000);
    res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token });
    expect(res.data).toMatchObject({ updated_matches: 1 });
    expect((await matchRows(t, competitionId)).find((m) => m.round_id === 7)).toMatchObject({ status: 'finished', finished: 1, local_goals: 2, visiting_goals: 1 });

    Object.assign(fake.world.matches[14], { status: 'FINISHED', score: finishedScore(0, 1) });
    res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update_all', token });
    expect(res.data).toMatchObject({ process: 'update_all', updated_matches: 1 });
    const competition = await t.deps.db.selectFrom('competitions').select('finished').where('id', '=', competitionId).executeTakeFirstOrThrow();
    expect(competition.finished).toBe(1);
  });

  it.each([
    [401, 'The results provider failed: the access token was refused'],
    [429, 'The results provider failed: too many requests, try again in a minute'],
    [500, 'The results provider failed: it answered with an error (HTTP 500)'],
    ['timeout', 'The results provider failed: it did not answer in time'],
    ['malformed', 'The results provider failed: its answer could not be read'],
  ] as const)('a provider failure (%s) ends the process with a clear message and changes nothing', async (failure, message) => {
    const t = ctx();
    const { competitionId } = await importFootballData(t.deps, 'WC');
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const before = await matchRows(t, competitionId);
    const counts = await tableCounts(t);
    fake.world.matches[0].score = finishedScore(5, 5);
    fake.failure = failure;
    const res = await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition/${competitionId}`, token: admin.token });
    expect(res.statusCode).toBe(502);
    expect(res.data).toEqual({ error: message });
    expect(await matchRows(t, competitionId)).toEqual(before);
    expect(await tableCounts(t)).toEqual(counts);
    // The lock was released: the next call runs.
    fake.failure = null;
    const next = await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition/${competitionId}`, token: admin.token });
    expect(next.data).toMatchObject({ updated_matches: 1 });
  });

  it('a competition whose provider fails does not hold back the others; the process still reports the failure', async () => {
    const t = ctx();
    const now = t.clock.now();
    await t.deps.db.insertInto('competitions').values({ name: 'Unknown', competition_type: 'cup', provider: 'football-data', provider_ref: 'XX', created_at: now, updated_at: now }).execute();
    const { competitionId } = await importFootballData(t.deps, 'WC');
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    fake.world.matches[0].score = finishedScore(0, 3);
    const res = await call(t.app, { method: 'POST', url: '/api/v1/es/update/update_all', token: admin.token });
    expect(res.statusCode).toBe(502);
    expect(res.data).toEqual({ error: 'El proveedor de resultados ha fallado: no conoce la competición' });
    const first = (await matchRows(t, competitionId)).find((m) => m.external_key === `football-data:match:${fake.world.matches[0].id}`);
    expect(first).toMatchObject({ local_goals: 0, visiting_goals: 3 });
  });

  it('an import that fails changes nothing, and a missing token is explained', async () => {
    const t = ctx();
    fake.failure = 500;
    await expect(importFootballData(t.deps, 'WC')).rejects.toMatchObject({ failure: 'server_error' });
    expect(await tableCounts(t)).toMatchObject({ competitions: 0, teams: 0, matches: 0 });
    fake.failure = null;
    Object.assign(t.deps.config, { footballDataToken: null });
    await expect(importFootballData(t.deps, 'WC')).rejects.toMatchObject({ failure: 'not_configured' });
  });
});
