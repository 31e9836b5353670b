import { ROUND } from '../../../shared/domain/rounds';
import { K_BY_IMPORTANCE, eloChange } from '../../../shared/domain/fairOdds/elo';
import { matchOdds } from '../../../shared/domain/fairOdds/outcomeModel';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { settleResultJobs } from '../resultJobs/testing/settleResultJobs';
import { applyResults } from '../resultJobs/applyResults';
import { verifyLeagueLogs } from '../leagueLog/verifyLog';
import { leagueOdds } from './leagueOdds';
import { logSealedOdds, sealDueOdds } from './oddsSeals';
import { OUTCOME_MODEL, teamSeed } from './teamSeeds';
import { oddsWorld } from './testing/oddsWorld';

jest.setTimeout(60_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** After the shipped ratings' last result, so recorded results move ratings. */
const NOW = '2026-09-01T12:00:00Z';

/** An admin's edit of a match's result (a fresh admin session: the test clock moves past sessions' lifetimes). */
async function setResult(t: TestApp, matchId: number, local: number | null, visiting: number | null) {
  const admin = await createUserWithToken(t.deps, { is_admin: true });
  const res = await call(t.app, {
    method: 'PUT', url: `/api/v1/en/matches/${matchId}`, token: admin.token,
    payload: { match: local === null ? { status: 'scheduled', local_goals: null, visiting_goals: null } : { status: 'finished', local_goals: local, visiting_goals: visiting } },
  });
  expect(res.statusCode).toBe(200);
  await settleResultJobs(t.deps);
}

const ratingOf = async (t: TestApp, teamId: number, name: string) => {
  const row = await t.deps.db.selectFrom('team_rating_changes').select((eb) => eb.fn.sum<number | string>('delta').as('moves'))
    .where('team_id', '=', teamId).executeTakeFirst();
  return teamSeed(name).rating + Number(row?.moves ?? 0);
};

describeEachDb('fair odds: ratings and sealed chances', (ctx) => {
  async function setUp() {
    const t = ctx();
    const owner = await createUserWithToken(t.deps);
    const member = await createUserWithToken(t.deps);
    const world = await oddsWorld(t.deps.db, { start: t.clock.now() + 2 * HOUR, ownerId: owner.id, members: [owner.id, member.id] });
    return { t, owner, member, ...world };
  }

  it('a recorded result moves both teams by the Elo formula once; the same result again moves nothing, a correction by the difference, a withdrawn result back', async () => {
    const { t, cup } = await setUp();
    const [spainId, costaRicaId] = cup.teamIds;
    const [spain, costaRica] = [teamSeed('Spain').rating, teamSeed('Costa Rica').rating];
    const matchId = cup.groupMatchIds[0];
    t.clock.advance(3 * HOUR);
    await setResult(t, matchId, 7, 0);
    const move = Math.round(100 * eloChange({
      local: spain / 100, visiting: costaRica / 100, neutral: true, k: K_BY_IMPORTANCE.world_cup, localGoals: 7, visitingGoals: 0,
    }));
    expect(move).toBeGreaterThan(0);
    expect([await ratingOf(t, spainId, 'Spain'), await ratingOf(t, costaRicaId, 'Costa Rica')]).toEqual([spain + move, costaRica - move]);

    // Saved again unchanged (a provider re-sync): nothing moves.
    await t.deps.db.transaction().execute((trx) =>
      applyResults(trx, { competitionId: cup.competitionId, matchIds: [matchId], trigger: 'scheduled', now: t.clock.now() }));
    expect(await ratingOf(t, spainId, 'Spain')).toBe(spain + move);

    // Corrected to 1-0: the move is the 1-0 one from the same ratings before.
    t.clock.advance(MINUTE);
    await setResult(t, matchId, 1, 0);
    const corrected = Math.round(100 * eloChange({
      local: spain / 100, visiting: costaRica / 100, neutral: true, k: K_BY_IMPORTANCE.world_cup, localGoals: 1, visitingGoals: 0,
    }));
    expect([await ratingOf(t, spainId, 'Spain'), await ratingOf(t, costaRicaId, 'Costa Rica')]).toEqual([spain + corrected, costaRica - corrected]);
    const journal = await t.deps.db.selectFrom('team_rating_changes').select(['team_id', 'delta']).where('match_id', '=', matchId).orderBy('id').execute();
    expect(journal.map((r) => r.delta)).toEqual([move, -move, corrected - move, move - corrected]);

    // Taken back to scheduled: the ratings are where they started.
    t.clock.advance(MINUTE);
    await setResult(t, matchId, null, null);
    expect([await ratingOf(t, spainId, 'Spain'), await ratingOf(t, costaRicaId, 'Costa Rica')]).toEqual([spain, costaRica]);
  });

  it("an odds league's chances are sealed at the deadline from the ratings then, logged in its chained log, and stay sealed whatever is recorded later", async () => {
    const { t, leagueId, cup } = await setUp();
    const [first, , third] = cup.groupMatchIds; // Spain-Costa Rica (day 1), Spain-Germany (day 2)
    const before = await leagueOdds(t.deps.db, leagueId, {}, t.clock.now());
    expect(before.every((o) => !o.sealed)).toBe(true);
    const spainGermany = before.find((o) => o.match_id === third)!;
    const expected = matchOdds(OUTCOME_MODEL, (teamSeed('Spain').rating - teamSeed('Germany').rating) / 100, false);
    expect(spainGermany.odds).toEqual(expected);

    // Day 1 is played; day 2's deadline passes; then a late correction of day 1 moves Spain's rating again.
    t.clock.advance(3 * HOUR);
    await setResult(t, first, 3, 0);
    const afterDayOne = (await leagueOdds(t.deps.db, leagueId, { matchId: third }, t.clock.now()))[0];
    expect(afterDayOne.sealed).toBe(false);
    expect(afterDayOne.odds.home).toBeGreaterThan(expected.home);
    t.clock.set(spainGermany.deadline + MINUTE);
    await setResult(t, first, 0, 4);
    const seal = await t.deps.db.selectFrom('league_match_odds').selectAll().where('league_id', '=', leagueId).where('match_id', '=', third)
      .executeTakeFirstOrThrow();
    expect({ home: seal.home, draw: seal.draw, away: seal.away }).toEqual({
      home: afterDayOne.odds.home, draw: afterDayOne.odds.draw, away: afterDayOne.odds.away,
    });
    expect(Number(seal.deadline)).toBe(spainGermany.deadline);
    const now = (await leagueOdds(t.deps.db, leagueId, { matchId: third }, t.clock.now()))[0];
    expect(now).toMatchObject({ sealed: true, odds: afterDayOne.odds });

    // The seal is in the league's log (the result worker logged it), chained and verifiable.
    const log = await t.deps.db.selectFrom('league_log').select(['action', 'details']).where('league_id', '=', leagueId).orderBy('seq').execute();
    const sealed = log.filter((e) => e.action === 'odds.sealed').map((e) => JSON.parse(e.details) as { match_id: number });
    expect(sealed.map((e) => e.match_id)).toContain(third);
    expect(sealed.find((e) => e.match_id === third)).toMatchObject({
      home: seal.home, draw: seal.draw, away: seal.away, deadline: spainGermany.deadline,
    });
    expect((await verifyLeagueLogs(t.deps.db, t.deps.logKey)).breaks).toEqual([]);
    // Logging again finds nothing new.
    expect(await logSealedOdds(t.deps.db, { now: t.clock.now(), key: t.deps.logKey })).toBe(0);
  });

  it('sealing is idempotent and seals only passed deadlines of matches with both teams, in odds leagues', async () => {
    const { t, leagueId, cup } = await setUp();
    t.clock.advance(2 * HOUR - 4 * MINUTE); // past the deadline (5 minutes before kickoff) of group A's first two matches
    const sealed = await t.deps.db.transaction().execute((trx) => sealDueOdds(trx, { competitionId: cup.competitionId }, t.clock.now()));
    expect(sealed).toBe(2);
    expect(await t.deps.db.transaction().execute((trx) => sealDueOdds(trx, { competitionId: cup.competitionId }, t.clock.now()))).toBe(0);
    t.clock.advance(10 * 24 * HOUR);
    // Every group match is due; the knockout matches have no teams yet.
    expect(await t.deps.db.transaction().execute((trx) => sealDueOdds(trx, { leagueId }, t.clock.now()))).toBe(cup.groupMatchIds.length - 2);
    const rows = await t.deps.db.selectFrom('league_match_odds').select('match_id').execute();
    expect(rows.map((r) => Number(r.match_id)).sort((a, b) => a - b)).toEqual(cup.groupMatchIds);
  });

  it('knockout matches get the chances after extra time and to go through', async () => {
    const { t, leagueId, cup } = await setUp();
    const final = cup.knockoutMatchIds[2];
    await t.deps.db.updateTable('matches').set({ local_team_id: cup.teamIds[0], visiting_team_id: cup.teamIds[4] }).where('id', '=', final).execute();
    const [odds] = await leagueOdds(t.deps.db, leagueId, { matchId: final }, t.clock.now());
    expect(odds.round_id).toBe(ROUND.FINAL);
    expect(odds.odds.through!.home + odds.odds.through!.away).toBe(10_000);
    expect(odds.odds.extra_time!.draw).toBeLessThan(odds.odds.draw);
  });
}, { now: NOW });
