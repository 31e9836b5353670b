import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';

/**
 * A member's simulation (mode 1) is theirs alone. Every read that takes `mode` (bet lists of each
 * kind, tables) answers only the caller's own simulation, and points_info never explains someone else's.
 */

const HOUR = 3_600_000;
const url = (path: string) => `/api/v1/en${path}`;
type Person = Awaited<ReturnType<typeof createUserWithToken>>;

async function world(t: TestApp) {
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(t.deps.db, { start });
  const alice = await createUserWithToken(t.deps, { name: 'Alice' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob' });
  const admin = await createUserWithToken(t.deps, { name: 'Admin', is_admin: true });
  const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: alice.id, members: [{ id: alice.id }, { id: bob.id }] });
  return { start, cup, alice, bob, admin, leagueId };
}

const get = (t: TestApp, who: Person, path: string) => call(t.app, { method: 'GET', url: url(path), token: who.token });
const post = (t: TestApp, who: Person, path: string, payload: object) => call(t.app, { method: 'POST', url: url(path), token: who.token, payload });

/** The caller's bet row on the first match, in a mode, with these goals. */
async function betOnFirstMatch(t: TestApp, w: Awaited<ReturnType<typeof world>>, who: Person, mode: number, goals: [number, number]) {
  const rows = (await get(t, who, `/result_bets/index/${w.leagueId}?mode=${mode}`)).data;
  const row = rows.find((r: { match_id: number }) => r.match_id === w.cup.groupMatchIds[0]);
  const saved = await post(t, who, '/result_bets/update_result_bet', { result_bet_id: row.id, local_goals: goals[0], visiting_goals: goals[1], mode });
  expect(saved.statusCode).toBe(200);
  return saved.data.id as number;
}

describeEachDb('simulations stay private', (ctx) => {
  it('points_info answers 404 for another member\'s simulated bet, even once the match is played', async () => {
    const t = ctx();
    const w = await world(t);
    const simulated = await betOnFirstMatch(t, w, w.alice, 1, [3, 3]);
    const real = await betOnFirstMatch(t, w, w.alice, 0, [1, 0]);
    t.clock.set(w.start - BET_LOCK_MS);
    await finishMatch(t.deps.db, w.cup.groupMatchIds[0], 3, 3);
    for (const who of [w.bob, w.admin]) {
      const peek = await get(t, who, `/result_bets/points_info/${simulated}`);
      expect([peek.statusCode, peek.data.error]).toEqual([404, 'The bet does not exist']);
      expect((await get(t, who, `/result_bets/points_info/${real}`)).statusCode).toBe(200);
    }
    const own = await get(t, w.alice, `/result_bets/points_info/${simulated}`);
    expect(own.statusCode).toBe(200);
    expect(own.data.legend.reduce((sum: number, r: { points: number }) => sum + r.points, 0)).toBe(5);
  });

  it('bet lists of each kind answer a simulation only to its owner', async () => {
    const t = ctx();
    const w = await world(t);
    await betOnFirstMatch(t, w, w.alice, 1, [3, 3]);
    const pick = { league_id: w.leagueId, league_rule_id: w.cup.ruleIds[ROUND.CHAMPION], team_id: w.cup.teamIds[0], user_id: w.alice.id, mode: 1 };
    expect((await post(t, w.alice, '/round_bets/fill_round_bet', pick)).statusCode).toBe(200);
    for (const who of [w.bob, w.admin]) {
      for (const path of ['/result_bets/index', '/round_bets/index', '/person_bets/index']) {
        expect((await get(t, who, `${path}/${w.leagueId}?mode=1&user_id=${w.alice.id}`)).statusCode).toBe(403);
      }
      // Their own simulation holds none of Alice's.
      const mine = (await get(t, who, `/result_bets/index/${w.leagueId}?mode=1`)).data;
      expect(mine.every((r: { user_id: number; local_goals: number | null }) => r.user_id === who.id && r.local_goals === null)).toBe(true);
      const picks = (await get(t, who, `/round_bets/index/${w.leagueId}?mode=1`)).data;
      expect(picks.flatMap((r: { bets: unknown[] }) => r.bets)).toEqual([]);
    }
    // The bets of one match are the real ones only.
    const ofMatch = (await get(t, w.bob, `/result_bets/index/${w.leagueId}?match_id=${w.cup.groupMatchIds[0]}&mode=1`)).data;
    expect(ofMatch.every((r: { mode: number }) => r.mode === 0)).toBe(true);
  });

  it('refuses to write someone else\'s simulation, admins included, and changes nothing', async () => {
    const t = ctx();
    const w = await world(t);
    const simulated = await betOnFirstMatch(t, w, w.alice, 1, [3, 3]);
    const pick = { league_id: w.leagueId, league_rule_id: w.cup.ruleIds[ROUND.CHAMPION], team_id: w.cup.teamIds[0], user_id: w.alice.id, mode: 1 };
    await post(t, w.alice, '/round_bets/fill_round_bet', pick);
    for (const who of [w.bob, w.admin]) {
      expect((await post(t, who, '/round_bets/fill_round_bet', { ...pick, team_id: w.cup.teamIds[1] })).statusCode).toBe(403);
      expect((await post(t, who, '/round_bets/clear_round_bet', pick)).statusCode).toBe(403);
      const overwrite = await post(t, who, '/result_bets/update_result_bet', { result_bet_id: simulated, local_goals: 0, visiting_goals: 0, mode: 1 });
      expect(overwrite.statusCode).toBe(403);
    }
    const rows = await t.deps.db.selectFrom('round_bets').select(['user_id', 'team_id']).where('mode', '=', 1).execute();
    expect(rows).toEqual([{ user_id: w.alice.id, team_id: w.cup.teamIds[0] }]);
    const bet = await t.deps.db.selectFrom('result_bets').select(['local_goals', 'visiting_goals']).where('id', '=', simulated).executeTakeFirstOrThrow();
    expect(bet).toEqual({ local_goals: 3, visiting_goals: 3 });
  });

  it('a simulated table uses the caller\'s own hypothetical results only', async () => {
    const t = ctx();
    const w = await world(t);
    await betOnFirstMatch(t, w, w.alice, 0, [3, 3]);
    await betOnFirstMatch(t, w, w.bob, 0, [3, 3]);
    await betOnFirstMatch(t, w, w.alice, 1, [3, 3]);
    t.clock.set(w.start - BET_LOCK_MS);
    const points = async (who: Person) => Object.fromEntries((await get(t, who, `/leagues/users_league_table/${w.leagueId}?mode=1`)).data.users
      .map((r: { user_name: string; points: number }) => [r.user_name, r.points]));
    expect(await points(w.alice)).toEqual({ Alice: 5, Bob: 5 });
    expect(await points(w.bob)).toEqual({ Alice: 0, Bob: 0 });
    expect(await points(w.admin)).toEqual({ Alice: 0, Bob: 0 });
    const real = (await get(t, w.bob, `/leagues/users_league_table/${w.leagueId}`)).data.users;
    expect(real.map((r: { points: number }) => r.points)).toEqual([0, 0]);
  });
});
