import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { memberStandings } from '../../testing/standingsReads';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { hashPassword } from '../../platform/sessions/passwords';
import { addMember, insertLeague } from '../../features/picks/testing/pickTestFixtures';
import { recomputeCompetition } from '../rescoring/recompute';
import { settleResultJobs } from '../resultJobs/testing/settleResultJobs';
import { withMatchCompetitions } from '../../testing/betCompetitions';

// Many concurrent requests on real databases, on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(60_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type User = Awaited<ReturnType<typeof createUserWithToken>>;

/**
 * A cup whose first two matchdays are played, and two open leagues of it: members with an exact bet on every
 * group match, scored and summed into the stored standings.
 */
async function playedCup(t: TestApp, membersPerLeague: number) {
  const { db } = t.deps;
  const cup = await createCup(db, { start: t.clock.now() - 3 * DAY });
  const admin = await createUserWithToken(t.deps, { is_admin: true });
  const leagues: { id: number; owner: User; members: User[] }[] = [];
  for (let l = 0; l < 2; l += 1) {
    const owner = await createUserWithToken(t.deps);
    const id = await insertLeague(db, cup.competitionId, owner.id, { allow_join: 1 });
    const members = [owner];
    for (let i = 1; i < membersPerLeague; i += 1) members.push(await createUserWithToken(t.deps));
    for (const m of members) await addMember(db, id, m.id);
    await db.insertInto('result_bets').values(await withMatchCompetitions(db, members.flatMap((m, i) => cup.groupMatchIds.map((matchId, j) => ({
      league_id: id, user_id: m.id, match_id: matchId, local_goals: (i + j) % 3, visiting_goals: (i * j) % 2, updated_at: t.clock.now(),
    }))))).execute();
    leagues.push({ id, owner, members });
  }
  const played = await db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', cup.competitionId)
    .where('matchday', '<=', 2).execute();
  for (const [i, m] of played.entries()) {
    await db.updateTable('matches').set({ started: 1, finished: 1, status: 'finished', local_goals: i % 3, visiting_goals: i % 2 })
      .where('id', '=', m.id).execute();
  }
  await db.transaction().execute((trx) => recomputeCompetition(trx, cup.competitionId));
  return { cup, admin, leagues, played };
}

/** Every stored standing of the competition's leagues, in a stable order. */
async function standings(t: TestApp, leagueIds: number[]) {
  const { db } = t.deps;
  const derived = [];
  for (const id of [...leagueIds].sort((a, b) => a - b)) {
    derived.push(...[...(await memberStandings(db, id)).values()].sort((a, b) => a.user_id - b.user_id));
  }
  return {
    members: await db.selectFrom('league_members')
      .select(['league_id', 'user_id', 'points_rounds', 'points_people', 'points_bonus'])
      .where('league_id', 'in', leagueIds).orderBy('league_id').orderBy('user_id').execute(),
    matchdays: await db.selectFrom('member_matchday_points').select(['league_id', 'user_id', 'matchday', 'points'])
      .where('league_id', 'in', leagueIds).orderBy('league_id').orderBy('user_id').orderBy('matchday').execute(),
    derived,
  };
}

describeEachDb('standings under concurrent writes', (ctx) => {
  it('joins, leaves, removals, account deletions, bet corrections, result edits and recomputes at once: no 500, and the stored standings are exact', async () => {
    const t = ctx();
    const { cup, admin, leagues, played } = await playedCup(t, 10);
    const [a, b] = leagues;
    // Two players of league b who also play in league a, and delete their accounts.
    const password = 'a long enough password';
    const hash = await hashPassword(password, t.deps.config.scryptCost);
    const deleters = b.members.slice(8);
    for (const u of deleters) {
      await t.deps.db.updateTable('users').set({ password_hash: hash }).where('id', '=', u.id).execute();
      await addMember(t.deps.db, a.id, u.id);
      await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, played.map((m) => ({
        league_id: a.id, user_id: u.id, match_id: m.id, local_goals: 1, visiting_goals: 1, updated_at: t.clock.now(),
      })))).execute();
    }
    await t.deps.db.transaction().execute((trx) => recomputeCompetition(trx, cup.competitionId));
    const newcomers = await Promise.all(Array.from({ length: 8 }, () => createUserWithToken(t.deps)));
    const betIds = (await t.deps.db.selectFrom('result_bets').select('id').where('league_id', 'in', [a.id, b.id])
      .where('user_id', 'in', [...a.members.slice(6), ...b.members.slice(6, 8)].map((m) => m.id))
      .where('match_id', 'in', played.map((m) => m.id)).orderBy('id').execute()).map((r) => r.id);
    const en = (path: string) => `/api/v1/en${path}`;
    const requests = [
      ...newcomers.map((u, i) => call(t.app, { method: 'POST', url: en('/leagues/join'), token: u.token, payload: { league_id: (i % 2 ? a : b).id } })),
      ...[a, b].flatMap((l) => l.members.slice(1, 3).map((m) => call(t.app, { method: 'DELETE', url: en(`/leagues/cancel/${l.id}`), token: m.token }))),
      ...[a, b].flatMap((l) => l.members.slice(3, 5).map((m) => call(t.app, { method: 'DELETE', url: en(`/leagues/remove_user/${l.id}/${m.id}`), token: l.owner.token }))),
      ...betIds.slice(0, 10).map((id, i) => call(t.app, {
        method: 'POST', url: en('/result_bets/update_result_bet'), token: admin.token, payload: { result_bet_id: id, local_goals: i % 4, visiting_goals: 1 },
      })),
      ...played.slice(0, 3).map((m, i) => call(t.app, { method: 'PUT', url: en(`/matches/${m.id}`), token: admin.token, payload: { match: { local_goals: 3 - i, visiting_goals: i } } })),
      call(t.app, { method: 'POST', url: en(`/update/update_competition_points/${cup.competitionId}`), token: admin.token }),
      ...deleters.map((u) => call(t.app, { method: 'DELETE', url: '/api/v1/users', token: u.token, payload: { api_v1_user: { current_password: password } } })),
    ];
    const answers = await Promise.all(requests);
    const failures = answers.filter((r) => r.statusCode >= 500).map((r) => r.body);
    expect(failures).toEqual([]);
    // Each answer is a success, or a refusal a client understands (a second recompute while one runs: 409).
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.statusCode).every((s) => s === 409)).toBe(true);

    // What the concurrent refreshes and result jobs left is what a quiet recompute computes from the final bets and results.
    await settleResultJobs(t.deps);
    const stored = await standings(t, [a.id, b.id]);
    await t.deps.db.transaction().execute((trx) => recomputeCompetition(trx, cup.competitionId));
    expect(stored).toEqual(await standings(t, [a.id, b.id]));
    expect(stored.members.filter((m) => m.league_id === a.id)).toHaveLength(10 - 4 + 4);
    expect(stored.members.filter((m) => m.league_id === b.id)).toHaveLength(10 - 4 + 4 - deleters.length);
  });

  it('many concurrent refreshes of one league (bet corrections) and of the competition (result edits): no 500', async () => {
    const t = ctx();
    const { cup, admin, leagues, played } = await playedCup(t, 6);
    const betIds = (await t.deps.db.selectFrom('result_bets').select('id').where('league_id', '=', leagues[0].id)
      .where('match_id', 'in', played.map((m) => m.id)).orderBy('id').execute()).map((r) => r.id);
    const en = (path: string) => `/api/v1/en${path}`;
    const answers = await Promise.all([
      ...betIds.slice(0, 24).map((id, i) => call(t.app, {
        method: 'POST', url: en('/result_bets/update_result_bet'), token: admin.token, payload: { result_bet_id: id, local_goals: (i + 1) % 3, visiting_goals: i % 2 },
      })),
      ...played.map((m, i) => call(t.app, { method: 'PUT', url: en(`/matches/${m.id}`), token: admin.token, payload: { match: { local_goals: i % 2, visiting_goals: 1 } } })),
    ]);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    await settleResultJobs(t.deps);
    const stored = await standings(t, leagues.map((l) => l.id));
    await t.deps.db.transaction().execute((trx) => recomputeCompetition(trx, cup.competitionId));
    expect(stored).toEqual(await standings(t, leagues.map((l) => l.id)));
  });
});
