import * as recompute from '../../domain/rescoring/recompute';
import * as reminders from '../../domain/reminders/remindersService';
import { rankLeagues } from '../../domain/standings/rankLeagues';
import { call, describeEachDb } from '../../testing/harness';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { LOCK_TTL_MS } from '../../platform/locks/processLocks';
import { betsWithPoints, memberStanding } from '../../testing/standingsReads';
import { settleResultJobs } from '../../domain/resultJobs/testing/settleResultJobs';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Real servers and databases on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(30_000);

// Real recomputation, observed: the calls are counted and a test can slow one down or make it fail.
jest.mock('../../domain/rescoring/recompute', () => {
  const actual = jest.requireActual('../../domain/rescoring/recompute');
  return { ...actual, recomputeCompetition: jest.fn(actual.recomputeCompetition) };
});
jest.mock('../../domain/reminders/remindersService', () => {
  const actual = jest.requireActual('../../domain/reminders/remindersService');
  return { ...actual, sendReminders: jest.fn(actual.sendReminders) };
});
const sendReminders = reminders.sendReminders as jest.Mock;
const recomputeCompetition = recompute.recomputeCompetition as jest.Mock;

const HOUR = 3_600_000;

/** A league on the cup with one member who bet 2-1 on the first group match. */
async function leagueWithBet(t: ReturnType<Parameters<Parameters<typeof describeEachDb>[1]>[0]>, competitionId: number, matchId: number) {
  const { db } = t.deps;
  const now = t.clock.now();
  const player = await createUserWithToken(t.deps, { name: 'Ana' });
  const { id: leagueId } = await db.insertInto('leagues').values({
    name: 'Oficina', name_normalized: 'oficina', competition_id: competitionId, owner_id: player.id, bets_system: 'exact',
    points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
    allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: `share-${matchId}`, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('league_members').values({ league_id: leagueId, user_id: player.id, joined_at: now }).execute();
  // Written past the membership service, so the member's ranked row is written here as joining writes it.
  await rankLeagues(db, { competitionId, leagueId: Number(leagueId) });
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, { league_id: leagueId, user_id: player.id, match_id: matchId, local_goals: 2, visiting_goals: 1, updated_at: now })).execute();
  const standing = async () => ({
    bet: (await betsWithPoints(db, { matchId }))[0].points,
    member: (await memberStanding(db, leagueId, player.id)).points,
  });
  return { leagueId, standing };
}

const processCalls = (competitionId: number) => [
  ['update', '/update/update'],
  ['update_all', '/update/update_all'],
  ['update_competition', `/update/update_competition/${competitionId}`],
  ['update_competition_points', `/update/update_competition_points/${competitionId}`],
  ['notify', '/update/notify'],
] as const;

describeEachDb('admin update processes', (ctx) => {
  afterEach(() => jest.clearAllMocks());

  it('are for global admins only: 401 for visitors, 403 for players, 200 for admins', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() + 2 * HOUR });
    const player = await createUserWithToken(t.deps);
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const calls = [...processCalls(cup.competitionId).map(([, path]) => ['POST', path, undefined] as const),
      ['PUT', `/matches/${cup.groupMatchIds[0]}`, { match: { local_goals: 1 } }] as const];
    for (const [method, path, payload] of calls) {
      expect((await call(t.app, { method, url: `/api/v1/en${path}`, payload })).statusCode).toBe(401);
      expect((await call(t.app, { method, url: `/api/v1/en${path}`, payload, token: player.token })).statusCode).toBe(403);
    }
    for (const [name, path] of processCalls(cup.competitionId)) {
      const res = await call(t.app, { method: 'POST', url: `/api/v1/es${path}`, token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.data).toMatchObject({ message: `Proceso ${name} terminado`, process: name });
    }
  });

  it('answer 404 for an unknown competition', async () => {
    const admin = await createUserWithToken(ctx().deps, { is_admin: true });
    const res = await call(ctx().app, { method: 'POST', url: '/api/v1/en/update/update_competition/999', token: admin.token });
    expect(res.statusCode).toBe(404);
    expect(res.data).toEqual({ error: 'The competition does not exist' });
  });

  it('refuse a second run while one holds the lock (409), and take over a lock left by a crashed run once it expires', async () => {
    const t = ctx();
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    // Another server process is running `update`.
    await t.deps.db.insertInto('process_locks').values({ name: 'update', owner: 'other-process', acquired_at: t.clock.now(), expires_at: t.clock.now() + LOCK_TTL_MS }).execute();
    const busy = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token: admin.token });
    expect(busy.statusCode).toBe(409);
    expect(busy.data).toEqual({ error: 'The process is already running. Try again in a few minutes' });
    const busyEs = await call(t.app, { method: 'POST', url: '/api/v1/es/update/update', token: admin.token });
    expect(busyEs.data).toEqual({ error: 'El proceso ya está en ejecución. Inténtalo de nuevo en unos minutos' });
    // Other processes are not blocked by it.
    expect((await call(t.app, { method: 'POST', url: '/api/v1/en/update/notify', token: admin.token })).statusCode).toBe(200);

    t.clock.advance(LOCK_TTL_MS + 1);
    const { token } = await createUserWithToken(t.deps, { is_admin: true });
    const res = await call(t.app, { method: 'POST', url: '/api/v1/en/update/update', token });
    expect(res.statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('process_locks').selectAll().execute()).toEqual([]);
  });

  it('refuse a concurrent call of the same process while a slow run holds the lock, then release it', async () => {
    const t = ctx();
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    let finish!: (n: number) => void;
    sendReminders.mockImplementationOnce(() => new Promise<number>((resolve) => { finish = resolve; }));
    const url = '/api/v1/en/update/notify';
    const first = call(t.app, { method: 'POST', url, token: admin.token });
    while (!finish) await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await call(t.app, { method: 'POST', url, token: admin.token });
    expect(second.statusCode).toBe(409);
    finish(3);
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.data).toEqual({ message: 'Process notify finished', process: 'notify', notified: 3 });
    expect(sendReminders).toHaveBeenCalledTimes(1);
    expect((await call(t.app, { method: 'POST', url, token: admin.token })).statusCode).toBe(200);
  });

  it('update_competition_points recomputes every stored point of the competition', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() - 3 * HOUR });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const matchId = cup.groupMatchIds[0];
    const { leagueId, standing } = await leagueWithBet(t, cup.competitionId, matchId);
    await t.deps.db.updateTable('matches').set({ local_goals: 2, visiting_goals: 1, status: 'finished', started: 1, finished: 1 }).where('id', '=', matchId).execute();
    // Stored points out of step with the results (a result typed straight into the database, or a crash).
    await t.deps.db.insertInto('member_matchday_points').values({ league_id: leagueId, user_id: (await t.deps.db.selectFrom('league_members')
      .select('user_id').where('league_id', '=', leagueId).executeTakeFirstOrThrow()).user_id, matchday: 1, points: 99, competition_id: cup.competitionId })
      .onConflict((oc) => oc.columns(['league_id', 'user_id', 'matchday', 'competition_id']).doUpdateSet({ points: 99 })).execute();
    const res = await call(t.app, { method: 'POST', url: `/api/v1/en/update/update_competition_points/${cup.competitionId}`, token: admin.token });
    expect(res.data).toEqual({ message: 'Process update_competition_points finished', process: 'update_competition_points' });
    expect(await standing()).toEqual({ bet: 5, member: 5 });
  });

  it('release the lock after a failure', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() + 2 * HOUR });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    recomputeCompetition.mockRejectedValueOnce(new Error('boom'));
    const url = `/api/v1/en/update/update_competition_points/${cup.competitionId}`;
    expect((await call(t.app, { method: 'POST', url, token: admin.token })).statusCode).toBe(500);
    expect(await t.deps.db.selectFrom('process_locks').selectAll().execute()).toEqual([]);
    expect((await call(t.app, { method: 'POST', url, token: admin.token })).statusCode).toBe(200);
  });
});

describeEachDb('PUT matches/{id}', (ctx) => {
  afterEach(() => jest.clearAllMocks());

  it('lets an admin type a result: status drives started/finished, a job applies it to the tables', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() - 3 * HOUR });
    const admin = await createUserWithToken(t.deps, { is_admin: true, locale: 'es' });
    const matchId = cup.groupMatchIds[0];
    await leagueWithBet(t, cup.competitionId, matchId);
    const res = await call(t.app, {
      method: 'PUT', url: `/api/v1/es/matches/${matchId}`, token: admin.token,
      payload: { match: { local_goals: 2, visiting_goals: 1, status: 'finished' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe('Partido actualizado');
    expect(res.data.match).toMatchObject({ id: matchId, local_goals: 2, visiting_goals: 1, status: 'finished', started: true, finished: true });
    const jobs = await t.deps.db.selectFrom('result_jobs').select(['competition_id', 'match_ids']).execute();
    expect(jobs).toEqual([{ competition_id: cup.competitionId, match_ids: JSON.stringify([matchId]) }]);
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().where('entity_id', '=', matchId).execute();
    expect(audit).toHaveLength(1);

    // Back to in play: finished goes off, the score stays.
    const back = await call(t.app, { method: 'PUT', url: `/api/v1/en/matches/${matchId}`, token: admin.token, payload: { match: { status: 'in_play' } } });
    expect(back.data.match).toMatchObject({ status: 'in_play', started: true, finished: false, local_goals: 2 });
    expect(back.data.message).toBe('Match updated');
  });

  it('moves bet points at once and the league table once its job ran, also when a result is corrected', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() - 3 * HOUR });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const matchId = cup.groupMatchIds[0];
    const { standing } = await leagueWithBet(t, cup.competitionId, matchId);
    expect(await standing()).toEqual({ bet: null, member: 0 });
    const put = (match: object) => call(t.app, { method: 'PUT', url: `/api/v1/en/matches/${matchId}`, token: admin.token, payload: { match } });
    await put({ local_goals: 2, visiting_goals: 1, status: 'finished' });
    await settleResultJobs(t.deps);
    expect(await standing()).toEqual({ bet: 5, member: 5 });
    await put({ visiting_goals: 2 });
    await settleResultJobs(t.deps);
    // 2-2: the sign is wrong, the local goals still right.
    expect(await standing()).toEqual({ bet: 1, member: 1 });
  });

  it('sets knockout teams, extra time, penalties and a new date', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() - 100 * HOUR });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const [semi] = cup.knockoutMatchIds;
    const res = await call(t.app, {
      method: 'PUT', url: `/api/v1/en/matches/${semi}`, token: admin.token,
      payload: { match: {
        local_team_id: cup.teamIds[0], visiting_team_id: cup.teamIds[5], date: '2026-06-02T18:00:00.000Z', status: 'finished',
        local_goals: 1, visiting_goals: 1, local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: 5, visiting_penalties: 4,
      } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.match).toMatchObject({
      local_team_id: cup.teamIds[0], visiting_team_id: cup.teamIds[5], date: '2026-06-02T18:00:00.000Z',
      local_penalties: 5, visiting_penalties: 4, local_goals_extra_time: 0,
    });
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const t = ctx();
    const cup = await createCup(t.deps.db, { start: t.clock.now() - 3 * HOUR });
    const other = await createCup(t.deps.db, { start: t.clock.now(), name: 'Other' });
    const admin = await createUserWithToken(t.deps, { is_admin: true });
    const matchId = cup.groupMatchIds[0];
    const before = await t.deps.db.selectFrom('matches').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow();
    const bad = [
      { match: { local_goals: 100 } },
      { match: { local_goals: -1 } },
      { match: { local_goals: 'two' } },
      { match: { status: 'abandoned' } },
      { match: { date: 'tomorrow' } },
      { match: { winner: 1 } },
      { match: { local_team_id: other.teamIds[0] } },
      { match: { local_team_id: cup.teamIds[1] } },
      { match: { status: 'finished' } },
      {},
    ];
    for (const payload of bad) {
      const res = await call(t.app, { method: 'PUT', url: `/api/v1/en/matches/${matchId}`, token: admin.token, payload });
      expect([res.statusCode, payload]).toEqual([400, payload]);
      expect(typeof res.data.error).toBe('string');
    }
    expect(await t.deps.db.selectFrom('matches').selectAll().where('id', '=', matchId).executeTakeFirstOrThrow()).toEqual(before);
    const missing = await call(t.app, { method: 'PUT', url: '/api/v1/en/matches/99999', token: admin.token, payload: { match: { local_goals: 1 } } });
    expect(missing.statusCode).toBe(404);
    expect(missing.data).toEqual({ error: 'The match does not exist' });
  });
});
