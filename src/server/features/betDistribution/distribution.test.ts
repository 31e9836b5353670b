import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import { SCORING_PRESETS } from '../../../shared/domain/scoring';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { memberStandings } from '../../testing/standingsReads';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;
const url = (path: string, locale = 'en') => `/api/v1/${locale}${path}`;

/** A cup starting in 3 hours, a league of four members (Alice owns it), an outsider and a global admin. */
async function world(t: TestApp, scoring = SCORING_PRESETS.classic) {
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(t.deps.db, { start });
  const [alice, bob, carol, dave, outsider] = await Promise.all(['Alice', 'Bob', 'Carol', 'Dave', 'Outsider']
    .map((name) => createUserWithToken(t.deps, { name })));
  const admin = await createUserWithToken(t.deps, { name: 'Admin', is_admin: true });
  const leagueId = await createLeague(t.deps.db, {
    competitionId: cup.competitionId, ownerId: alice.id, scoring,
    members: [alice, bob, carol, dave].map((u) => ({ id: u.id })),
  });
  const matchId = cup.groupMatchIds[0];
  // Alice alone says home; Bob and Carol a draw; Dave has not bet yet (an empty row).
  const bets: [number, number | null, number | null][] = [[alice.id, 1, 0], [bob.id, 1, 1], [carol.id, 1, 1], [dave.id, null, null]];
  const ids = new Map<number, number>();
  for (const [userId, local, visiting] of bets) {
    const row = await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, {
      league_id: leagueId, user_id: userId, match_id: matchId, mode: 0, local_goals: local, visiting_goals: visiting, updated_at: 0,
    })).returning('id').executeTakeFirstOrThrow();
    ids.set(userId, row.id);
  }
  return { start, cup, alice, bob, carol, dave, outsider, admin, leagueId, matchId, ids };
}

const distribution = (t: TestApp, token: string | null, leagueId: number, matchId: number, locale = 'en') =>
  call(t.app, { method: 'GET', url: url(`/result_bets/distribution/${leagueId}/${matchId}`, locale), token });

describeEachDb('what the league bet (distribution)', (ctx) => {
  it('answers members and global admins once the bets are shown, and refuses everyone else, revealing nothing', async () => {
    const t = ctx();
    const w = await world(t);
    expect((await distribution(t, null, w.leagueId, w.matchId)).statusCode).toBe(401);
    expect((await distribution(t, w.outsider.token, w.leagueId, w.matchId)).statusCode).toBe(403);
    expect((await distribution(t, w.alice.token, 2_000_000_000, w.matchId)).statusCode).toBe(404);

    // Before the deadline: the same refusal, translated, with nothing but the message.
    const early = await distribution(t, w.bob.token, w.leagueId, w.matchId);
    expect([early.statusCode, early.data]).toEqual([403, { error: "The league's bets here are not shown yet: how the league bet appears after the deadline" }]);
    const earlyEs = await distribution(t, w.admin.token, w.leagueId, w.matchId, 'es');
    expect([earlyEs.statusCode, earlyEs.data]).toEqual([403, { error: 'Las apuestas de la liga aún no se muestran: lo que apostó la liga aparece tras el plazo' }]);

    t.clock.set(w.start - BET_LOCK_MS);
    const expected = {
      league_id: w.leagueId, match_id: w.matchId, bets: 3, home: 1, draw: 2, away: 0,
      scores: [{ local_goals: 1, visiting_goals: 1, count: 2 }, { local_goals: 1, visiting_goals: 0, count: 1 }], quote: null,
    };
    for (const user of [w.alice, w.dave, w.admin]) {
      const shown = await distribution(t, user.token, w.leagueId, w.matchId);
      expect([user.id, shown.statusCode, shown.data]).toEqual([user.id, 200, expected]);
    }
    expect((await distribution(t, w.outsider.token, w.leagueId, w.matchId)).statusCode).toBe(403);
    // A match of another competition is not the league's.
    const other = await createCup(t.deps.db, { start: w.start });
    expect((await distribution(t, w.alice.token, w.leagueId, other.groupMatchIds[0])).statusCode).toBe(404);
  });

  it('a quote league: a lone right tendency earns more than a shared one, and a late entry re-scores the match', async () => {
    const t = ctx();
    const w = await world(t, SCORING_PRESETS.quote);
    await t.deps.db.updateTable('leagues').set({ late_entry_after_result: 1 }).where('id', '=', w.leagueId).execute();
    t.clock.set(w.start + 3 * HOUR);
    const shown = await distribution(t, w.bob.token, w.leagueId, w.matchId);
    // 3 bets: home 2 x 3 / 1 = 6; draw 2 x 3 / 2 = 3 (half up); away: nobody, 2 x 3 = 6.
    expect(shown.data.quote).toEqual({ home: 6, draw: 3, away: 6 });

    const pointsOf = async () => {
      const rows = (await call(t.app, { method: 'GET', url: url(`/result_bets/index/${w.leagueId}?match_id=${w.matchId}`), token: w.bob.token })).data;
      return Object.fromEntries(rows.map((r: { user_name: string; points: number | null }) => [r.user_name, r.points]));
    };
    await finishMatch(t.deps.db, w.matchId, 1, 1);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [w.matchId]);
    // Draw: Bob and Carol share it (3 each, plus 2 for the exact score); Alice's lone home win earns nothing.
    expect(await pointsOf()).toEqual({ Alice: 0, Bob: 5, Carol: 5, Dave: null });
    await finishMatch(t.deps.db, w.matchId, 2, 0);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [w.matchId]);
    // Home win: Alice alone said it, 6 points; the shared draw earns 0.
    expect(await pointsOf()).toEqual({ Alice: 6, Bob: 0, Carol: 0, Dave: null });
    const info = await call(t.app, { method: 'GET', url: url(`/result_bets/points_info/${w.ids.get(w.alice.id)}`), token: w.bob.token });
    expect(info.data.legend[0]).toEqual({ description: '1 of 3 said home win: 6 points', points: 6, max_points: 10 });
    const infoEs = await call(t.app, { method: 'GET', url: url(`/result_bets/points_info/${w.ids.get(w.bob.id)}`, 'es'), token: w.bob.token });
    expect(infoEs.data.legend[0]).toEqual({ description: '1 de 3 dijeron victoria local: 6 puntos', points: 0, max_points: 10 });

    // The owner enters Dave's paper bet, a home win: now 2 of 4 said it, each earns 2 x 4 / 2 = 4.
    const late = await call(t.app, {
      method: 'POST', url: url('/result_bets/late_entry'), token: w.alice.token,
      payload: { result_bet_id: w.ids.get(w.dave.id), local_goals: 2, visiting_goals: 0, reason: 'Paper bet' },
    });
    expect(late.statusCode).toBe(200);
    expect(await pointsOf()).toEqual({ Alice: 4, Bob: 0, Carol: 0, Dave: 6 });
    const table = await memberStandings(t.deps.db, w.leagueId);
    expect([w.alice, w.bob, w.dave].map((u) => table.get(u.id)?.points_league)).toEqual([4, 0, 6]);
  });

  it('round and top-scorer picks: the most picked once the rule\'s picks are shown, refused before', async () => {
    const t = ctx();
    const w = await world(t);
    const ruleId = w.cup.ruleIds[ROUND.SEMI_FINALS];
    const [spain, japan] = w.cup.teamIds;
    const picks: [number, number][] = [[w.alice.id, spain], [w.bob.id, spain], [w.carol.id, japan], [w.bob.id, japan]];
    await t.deps.db.insertInto('round_bets')
      .values(picks.map(([userId, teamId]) => ({ league_id: w.leagueId, user_id: userId, league_rule_id: ruleId, team_id: teamId, mode: 0, points: null, updated_at: 0 })))
      .execute();
    // Dave's simulation does not count.
    await t.deps.db.insertInto('round_bets')
      .values({ league_id: w.leagueId, user_id: w.dave.id, league_rule_id: ruleId, team_id: japan, mode: 1, points: null, updated_at: 0 }).execute();
    const person = await t.deps.db.insertInto('people').values({ name: 'Striker', team_id: spain, external_key: null }).returning('id').executeTakeFirstOrThrow();
    const scorerRule = w.cup.ruleIds[ROUND.TOP_SCORER];
    await t.deps.db.insertInto('person_bets')
      .values({ league_id: w.leagueId, user_id: w.carol.id, league_rule_id: scorerRule, person_id: person.id, mode: 0, points: null, updated_at: 0 }).execute();
    const read = (token: string | null, rule: number, locale = 'en') =>
      call(t.app, { method: 'GET', url: url(`/pick_bets/distribution/${w.leagueId}/${rule}`, locale), token });

    const early = await read(w.bob.token, ruleId, 'es');
    expect([early.statusCode, early.data]).toEqual([403, { error: 'Las apuestas de la liga aún no se muestran: lo que apostó la liga aparece tras el plazo' }]);
    expect((await read(null, ruleId)).statusCode).toBe(401);

    t.clock.set(w.start - BET_LOCK_MS);
    const teamName = async (id: number) => (await t.deps.db.selectFrom('teams').select('team_name').where('id', '=', id).executeTakeFirstOrThrow()).team_name;
    const [spainName, japanName] = [await teamName(spain), await teamName(japan)];
    const expected = {
      league_id: w.leagueId, league_rule_id: ruleId, members: 3,
      picks: [{ id: spain, name: spainName, count: 2 }, { id: japan, name: japanName, count: 2 }]
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
    for (const user of [w.bob, w.admin]) expect((await read(user.token, ruleId)).data).toEqual(expected);
    expect((await read(w.outsider.token, ruleId)).statusCode).toBe(403);
    expect((await read(w.dave.token, scorerRule)).data).toEqual({
      league_id: w.leagueId, league_rule_id: scorerRule, members: 1, picks: [{ id: person.id, name: 'Striker', count: 1 }],
    });
    expect((await read(w.dave.token, 2_000_000_000)).statusCode).toBe(404);
  });
});
