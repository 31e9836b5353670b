import { join } from 'node:path';
import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { importOpenfootball } from '../../domain/competitionUpdates/importService';
import { createLeagueSeason } from '../reference/testing/referenceTestData';
import { createLeague } from './testing/betsTestFixture';

/** Once a match's bets have been shown to the league, they never become editable again. */

const HOUR = 3_600_000;
const url = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

async function players(t: TestApp, competitionId: number) {
  const alice = await createUserWithToken(t.deps, { name: 'Alice' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob' });
  const admin = await createUserWithToken(t.deps, { name: 'Admin', is_admin: true });
  const leagueId = await createLeague(t.deps.db, { competitionId, ownerId: alice.id, members: [{ id: alice.id }, { id: bob.id }] });
  return { alice, bob, admin, leagueId };
}
type Players = Awaited<ReturnType<typeof players>>;

const betsOf = (t: TestApp, p: Players, token: string, query = '') =>
  call(t.app, { method: 'GET', url: url(`/result_bets/index/${p.leagueId}${query}`), token });
const save = (t: TestApp, token: string, id: number, local: number, visiting: number) => call(t.app, {
  method: 'POST', url: url('/result_bets/update_result_bet', 'es'), token, payload: { result_bet_id: id, local_goals: local, visiting_goals: visiting },
});
const moveKickoff = (t: TestApp, p: Players, matchId: number, date: number) => call(t.app, {
  method: 'PUT', url: url(`/matches/${matchId}`), token: p.admin.token, payload: { match: { date: new Date(date).toISOString() } },
});

/** Alice's bet on the match, as Bob sees it. */
async function aliceBetSeenByBob(t: TestApp, p: Players, matchId: number) {
  const rows = (await call(t.app, { method: 'GET', url: url(`/result_bets/index/${p.leagueId}?match_id=${matchId}`), token: p.bob.token })).data;
  return rows.find((r: { user_id: number }) => r.user_id === p.alice.id);
}

describeEachDb('shown bets stay closed', (ctx) => {
  it('keeps a cup match closed and shown when an admin moves its kickoff later', async () => {
    const t = ctx();
    const start = t.clock.now() + 3 * HOUR;
    const cup = await createCup(t.deps.db, { start });
    const p = await players(t, cup.competitionId);
    const [first] = (await betsOf(t, p, p.alice.token)).data;
    expect((await save(t, p.alice.token, first.id, 2, 1)).statusCode).toBe(200);

    t.clock.set(start - BET_LOCK_MS);
    expect(await aliceBetSeenByBob(t, p, first.match_id)).toMatchObject({ local_goals: 2, visiting_goals: 1, allow_show_bets: true });
    expect((await moveKickoff(t, p, first.match_id, start + 2 * 24 * HOUR)).statusCode).toBe(200);

    const again = await save(t, p.alice.token, first.id, 0, 0);
    expect([again.statusCode, again.data.error]).toEqual([400, 'El plazo para esta apuesta ya ha terminado']);
    const mine = (await betsOf(t, p, p.alice.token)).data.find((r: { id: number }) => r.id === first.id);
    expect(mine).toMatchObject({ local_goals: 2, visiting_goals: 1, allow_edit_bets: false, allow_show_bets: true });
    expect(await aliceBetSeenByBob(t, p, first.match_id)).toMatchObject({ local_goals: 2, visiting_goals: 1, allow_show_bets: true });
    const lastBets = (await call(t.app, { method: 'GET', url: url(`/result_bets/last_bets/${p.leagueId}`), token: p.bob.token })).data;
    expect(lastBets.map((r: { id: number }) => r.id)).toContain(first.id);
    // Moving it back and forth again changes nothing.
    await moveKickoff(t, p, first.match_id, start + 3 * 24 * HOUR);
    expect((await save(t, p.alice.token, first.id, 0, 0)).statusCode).toBe(400);
    const stored = await t.deps.db.selectFrom('matches').select('bets_shown_at').where('id', '=', first.match_id).executeTakeFirstOrThrow();
    expect(Number(stored.bets_shown_at)).toBe(start - BET_LOCK_MS);
  });

  it('leaves bets open and hidden when the kickoff moves before anything was shown', async () => {
    const t = ctx();
    const start = t.clock.now() + 3 * HOUR;
    const cup = await createCup(t.deps.db, { start });
    const p = await players(t, cup.competitionId);
    const [first] = (await betsOf(t, p, p.alice.token)).data;
    await save(t, p.alice.token, first.id, 2, 1);
    t.clock.set(start - BET_LOCK_MS - 1);
    expect((await moveKickoff(t, p, first.match_id, start + 24 * HOUR)).statusCode).toBe(200);
    t.clock.set(start + HOUR);
    expect((await save(t, p.alice.token, first.id, 1, 1)).statusCode).toBe(200);
    expect(await aliceBetSeenByBob(t, p, first.match_id)).toMatchObject({ local_goals: null, allow_show_bets: false });
  });

  it('keeps a whole matchday of a league competition closed when its first match moves later', async () => {
    const t = ctx();
    const start = t.clock.now() + 3 * HOUR;
    const season = await createLeagueSeason(t.deps.db, { start, teams: 6, matchdays: 2 });
    const p = await players(t, season.competitionId);
    const day1 = (await betsOf(t, p, p.alice.token, '?matchday=1')).data;
    expect(day1).toHaveLength(3);
    for (const row of day1) expect((await save(t, p.alice.token, row.id, 1, 0)).statusCode).toBe(200);

    t.clock.set(start - BET_LOCK_MS + 1000);
    // The matchday's first match moves past every other one: the matchday would otherwise start two hours later.
    expect((await moveKickoff(t, p, season.matchIds[0][0], start + 2 * 24 * HOUR)).statusCode).toBe(200);
    const after = (await betsOf(t, p, p.alice.token, '?matchday=1')).data;
    expect(after.map((r: { allow_edit_bets: boolean; allow_show_bets: boolean }) => [r.allow_edit_bets, r.allow_show_bets]))
      .toEqual([[false, true], [false, true], [false, true]]);
    for (const row of day1) expect((await save(t, p.alice.token, row.id, 3, 3)).statusCode).toBe(400);
    // Matchday 2 was never shown: still open.
    const day2 = (await betsOf(t, p, p.alice.token, '?matchday=2')).data;
    expect(day2.every((r: { allow_edit_bets: boolean }) => r.allow_edit_bets)).toBe(true);
  });

  it('keeps shown bets closed when a re-import moves the schedule later', async () => {
    const t = ctx();
    const source = join(__dirname, '../../domain/competitions/testing/fixtures/minicup-2030.json');
    const start = t.clock.now() + HOUR;
    const imported = await importOpenfootball(t.deps.db, { source, shiftTo: start, replay: true, now: t.clock.now() });
    const p = await players(t, imported.competitionId);
    const [first] = (await betsOf(t, p, p.alice.token, '?matchday=1')).data;
    expect(new Date(first.match.date).getTime()).toBe(start);
    await save(t, p.alice.token, first.id, 1, 1);

    t.clock.set(start - BET_LOCK_MS);
    await importOpenfootball(t.deps.db, { source, shiftTo: start + 7 * 24 * HOUR, now: t.clock.now() });
    const moved = (await betsOf(t, p, p.alice.token, '?matchday=1')).data.find((r: { id: number }) => r.id === first.id);
    expect(new Date(moved.match.date).getTime()).toBe(start + 7 * 24 * HOUR);
    expect(moved).toMatchObject({ allow_edit_bets: false, allow_show_bets: true, local_goals: 1 });
    expect((await save(t, p.alice.token, first.id, 2, 2)).statusCode).toBe(400);
    // A match of the same file whose bets had not been shown moves and stays open.
    const later = (await betsOf(t, p, p.alice.token, '?matchday=2')).data[0];
    expect(later.allow_edit_bets).toBe(true);
  });
});
