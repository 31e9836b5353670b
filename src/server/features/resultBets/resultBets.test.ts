import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { createCup, type CupFixture } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { createLeague, finishMatch } from './testing/betsTestFixture';
import { memberStanding } from '../../testing/standingsReads';

const url = (path: string) => `/api/v1/en${path}`;

async function setup(t: TestApp, leagueOptions: Parameters<typeof createLeague>[1] extends infer A ? Partial<A> : never = {}) {
  const start = t.clock.now() + 3 * 3_600_000; // within the fixtures' one-day sessions
  const cup: CupFixture = await createCup(t.deps.db, { start });
  const alice = await createUserWithToken(t.deps, { name: 'Alice' });
  const bob = await createUserWithToken(t.deps, { name: 'Bob' });
  const outsider = await createUserWithToken(t.deps, { name: 'Olga' });
  const admin = await createUserWithToken(t.deps, { name: 'Admin', is_admin: true });
  const leagueId = await createLeague(t.deps.db, {
    competitionId: cup.competitionId, ownerId: alice.id, members: [{ id: alice.id }, { id: bob.id }], ...leagueOptions,
  });
  return { start, cup, alice, bob, outsider, admin, leagueId };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function myBets(t: TestApp, s: Setup, token: string, query = '') {
  return call(t.app, { method: 'GET', url: url(`/result_bets/index/${s.leagueId}${query}`), token });
}

async function bet(t: TestApp, token: string, id: number, local: number | null, visiting: number | null, mode?: number) {
  return call(t.app, {
    method: 'POST', url: url('/result_bets/update_result_bet'), token,
    payload: { result_bet_id: id, local_goals: local, visiting_goals: visiting, ...(mode !== undefined && { mode }) },
  });
}

describeEachDb('result bets', (ctx) => {
  it('index creates one row per match of the current matchday, each with an id that update accepts', async () => {
    const s = await setup(ctx());
    const first = await myBets(ctx(), s, s.alice.token);
    expect(first.statusCode).toBe(200);
    expect(first.data).toHaveLength(4);
    expect(first.data.every((r: any) => r.match.matchday === 1 && r.allow_edit_bets && r.local_goals === null)).toBe(true);
    const again = await myBets(ctx(), s, s.alice.token);
    expect(again.data.map((r: any) => r.id)).toEqual(first.data.map((r: any) => r.id));
    const saved = await bet(ctx(), s.alice.token, first.data[0].id, 2, 1);
    expect(saved.statusCode).toBe(200);
    expect(saved.data).toMatchObject({ local_goals: 2, visiting_goals: 1, mode: 0, user_name: 'Alice' });
    const md2 = await myBets(ctx(), s, s.alice.token, '?matchday=2');
    expect(md2.data.every((r: any) => r.match.matchday === 2)).toBe(true);
  });

  it('non-members are refused; unknown leagues are 404', async () => {
    const s = await setup(ctx());
    expect((await myBets(ctx(), s, s.outsider.token)).statusCode).toBe(403);
    const missing = await call(ctx().app, { method: 'GET', url: url('/result_bets/index/99999'), token: s.alice.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.data.error).toBe('The league was not found');
    const asAdmin = await myBets(ctx(), s, s.admin.token);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.data).toEqual([]);
    expect((await myBets(ctx(), s, s.admin.token, `?user_id=${s.bob.id}`)).data).toHaveLength(4);
    const rows = await ctx().deps.db.selectFrom('result_bets').select('user_id').distinct().execute();
    expect(rows.map((r) => r.user_id).sort((a, b) => a - b)).toEqual([s.bob.id]);
  });

  it('goals must be both set or both cleared, 0..9; only the owner may write', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    expect((await bet(ctx(), s.alice.token, row.id, 1, null)).statusCode).toBe(400);
    expect((await bet(ctx(), s.alice.token, row.id, 10, 1)).statusCode).toBe(400);
    expect((await bet(ctx(), s.bob.token, row.id, 1, 1)).statusCode).toBe(403);
    expect((await bet(ctx(), s.alice.token, row.id, null, null)).statusCode).toBe(200);
    expect((await bet(ctx(), s.alice.token, 99999, 1, 1)).statusCode).toBe(404);
  });

  it('deadline: one second before succeeds, one second after is refused', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    const deadline = Date.parse(row.match.date) - BET_LOCK_MS;
    ctx().clock.set(deadline - 1000);
    expect((await bet(ctx(), s.alice.token, row.id, 1, 0)).statusCode).toBe(200);
    ctx().clock.set(deadline + 1000);
    const late = await bet(ctx(), s.alice.token, row.id, 3, 0);
    expect(late.statusCode).toBe(400);
    expect(late.data.error).toBe('The deadline for this bet has passed');
    const [after] = (await myBets(ctx(), s, s.alice.token)).data;
    expect(after).toMatchObject({ local_goals: 1, visiting_goals: 0, allow_edit_bets: false, allow_show_bets: true });
  });

  it("others' goals stay hidden until the deadline, then show; by match lists everyone", async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    await bet(ctx(), s.alice.token, row.id, 2, 2);
    const seen = await myBets(ctx(), s, s.bob.token, `?user_id=${s.alice.id}`);
    expect(seen.data[0]).toMatchObject({ local_goals: null, visiting_goals: null, allow_show_bets: false, allow_edit_bets: false });
    const byMatch = await myBets(ctx(), s, s.bob.token, `?match_id=${row.match_id}`);
    expect(byMatch.data.find((r: any) => r.user_id === s.alice.id)).toMatchObject({ local_goals: null, user_name: 'Alice' });
    expect((await call(ctx().app, { method: 'GET', url: url(`/result_bets/points_info/${row.id}`), token: s.bob.token })).statusCode).toBe(403);
    const last = await call(ctx().app, { method: 'GET', url: url(`/result_bets/last_bets/${s.leagueId}`), token: s.bob.token });
    expect(last.data).toEqual([]);
    ctx().clock.set(Date.parse(row.match.date) - BET_LOCK_MS);
    const shown = await myBets(ctx(), s, s.bob.token, `?user_id=${s.alice.id}`);
    expect(shown.data[0]).toMatchObject({ local_goals: 2, visiting_goals: 2, allow_show_bets: true });
    const lastShown = await call(ctx().app, { method: 'GET', url: url(`/result_bets/last_bets/${s.leagueId}`), token: s.bob.token });
    expect(lastShown.data.map((r: any) => [r.user_name, r.local_goals])).toEqual([['Alice', 2]]);
    // Users outside the league are not listed.
    expect((await myBets(ctx(), s, s.bob.token, `?user_id=${s.outsider.id}`)).statusCode).toBe(404);
  });

  it('closes a bet whose match already has a result, even before its deadline (and copy_bets leaves it alone)', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    expect((await bet(ctx(), s.alice.token, row.id, 1, 0)).statusCode).toBe(200);
    // An admin enters the result ahead of the kickoff: nobody may now bet knowing it.
    await finishMatch(ctx().deps.db, row.match_id, 2, 1);
    await recomputeAfterResults(ctx().deps.db, s.cup.competitionId, [row.match_id]);
    const refused = await bet(ctx(), s.alice.token, row.id, 2, 1);
    expect([refused.statusCode, refused.data.error]).toEqual([400, 'This match already has a result: its bets are closed']);
    const [after] = (await myBets(ctx(), s, s.alice.token)).data;
    expect(after).toMatchObject({ allow_edit_bets: false, local_goals: 1, visiting_goals: 0 });
    // The stored standings hold what the bets were when the result came.
    expect((await memberStanding(ctx().deps.db, s.leagueId, s.alice.id)).points_league).toBe(2);
  });

  it('points are null until the result, then scored; points_info explains them', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    await bet(ctx(), s.alice.token, row.id, 2, 0);
    ctx().clock.set(Date.parse(row.match.date) + 2 * 3_600_000);
    await finishMatch(ctx().deps.db, row.match_id, 2, 1);
    await recomputeAfterResults(ctx().deps.db, s.cup.competitionId, [row.match_id]);
    const [scored] = (await myBets(ctx(), s, s.alice.token)).data;
    expect(scored).toMatchObject({ points: 3, result_established: true });
    const info = await call(ctx().app, { method: 'GET', url: url(`/result_bets/points_info/${row.id}`), token: s.bob.token });
    expect(info.data).toEqual({
      max_points: 5,
      legend: [
        { description: 'Right winner or draw (1 X 2)', points: 2, max_points: 2 },
        { description: 'Right home team goals', points: 1, max_points: 1 },
        { description: 'Right away team goals', points: 0, max_points: 1 },
        { description: 'Exact result bonus', points: 0, max_points: 1 },
      ],
      multiplier: 1,
    });
  });

  it('a global admin corrects a locked bet: flagged, audit-logged, re-scored', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    await bet(ctx(), s.alice.token, row.id, 0, 0);
    ctx().clock.set(Date.parse(row.match.date) + 3 * 3_600_000);
    await finishMatch(ctx().deps.db, row.match_id, 1, 0);
    await recomputeAfterResults(ctx().deps.db, s.cup.competitionId, [row.match_id]);
    const fixed = await bet(ctx(), s.admin.token, row.id, 1, 0);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.data).toMatchObject({ modified_after_start: true, points: 5, user_id: s.alice.id });
    const audit = await ctx().deps.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toHaveLength(1);
    const member = await memberStanding(ctx().deps.db, s.leagueId, s.alice.id);
    expect({ points: member.points, points_league: member.points_league }).toEqual({ points: 5, points_league: 5 });
  });

  it('sign system only takes 1-0, 0-0 or 0-1', async () => {
    const s = await setup(ctx(), { bets_system: 'sign' });
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    expect((await bet(ctx(), s.alice.token, row.id, 2, 1)).statusCode).toBe(400);
    for (const [l, v] of [[1, 0], [0, 0], [0, 1]]) expect((await bet(ctx(), s.alice.token, row.id, l, v)).statusCode).toBe(200);
  });

  it('selected teams limit the matches; a disabled system has none; knockouts need playoff_results_points', async () => {
    const s = await setup(ctx());
    const cup = s.cup;
    const selected = await createLeague(ctx().deps.db, { competitionId: cup.competitionId, ownerId: s.alice.id, selectedTeamIds: [cup.teamIds[0]] });
    const rows = (await call(ctx().app, { method: 'GET', url: url(`/result_bets/index/${selected}`), token: s.alice.token })).data;
    expect(rows).toHaveLength(1);
    expect([rows[0].match.local_team_id, rows[0].match.visiting_team_id]).toContain(cup.teamIds[0]);
    const disabled = await createLeague(ctx().deps.db, { competitionId: cup.competitionId, ownerId: s.alice.id, bets_system: 'disabled' });
    expect((await call(ctx().app, { method: 'GET', url: url(`/result_bets/index/${disabled}`), token: s.alice.token })).data).toEqual([]);
    const noPlayoffs = await createLeague(ctx().deps.db, { competitionId: cup.competitionId, ownerId: s.alice.id, playoff_results_points: 0 });
    expect((await call(ctx().app, { method: 'GET', url: url(`/result_bets/index/${noPlayoffs}?matchday=4`), token: s.alice.token })).data).toEqual([]);
    expect((await myBets(ctx(), s, s.alice.token, '?matchday=4')).data).toHaveLength(2);
  });

  it('simulation rows are private, editable and cleared by reset_bets', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    const sim = await bet(ctx(), s.alice.token, row.id, 3, 3, 1);
    expect(sim.data).toMatchObject({ mode: 1, local_goals: 3 });
    expect(sim.data.id).not.toBe(row.id);
    const [real] = (await myBets(ctx(), s, s.alice.token)).data;
    expect(real.local_goals).toBeNull();
    expect((await myBets(ctx(), s, s.bob.token, `?user_id=${s.alice.id}&mode=1`)).statusCode).toBe(403);
    const simRows = (await myBets(ctx(), s, s.alice.token, '?mode=1')).data;
    expect(simRows.find((r: any) => r.match_id === row.match_id).local_goals).toBe(3);
    const reset = await call(ctx().app, { method: 'POST', url: url('/result_bets/reset_bets'), token: s.alice.token, payload: { league_id: s.leagueId } });
    expect(reset.data.message).toBe('Simulation reset');
    expect((await myBets(ctx(), s, s.alice.token, '?mode=1')).data.every((r: any) => r.local_goals === null)).toBe(true);
  });

  it('copy_bets copies filled bets of the same competition where the target is still open', async () => {
    const s = await setup(ctx());
    const target = await createLeague(ctx().deps.db, {
      competitionId: s.cup.competitionId, ownerId: s.alice.id, bets_system: 'sign', members: [{ id: s.alice.id }],
    });
    const rows = (await myBets(ctx(), s, s.alice.token)).data;
    await bet(ctx(), s.alice.token, rows[0].id, 3, 1);
    await bet(ctx(), s.alice.token, rows[1].id, 0, 2);
    const md2 = (await myBets(ctx(), s, s.alice.token, '?matchday=2')).data;
    await bet(ctx(), s.alice.token, md2[0].id, 1, 1);
    // Matchday 1 locks; only the matchday 2 bet can still be copied.
    ctx().clock.set(s.start);
    const copy = await call(ctx().app, {
      method: 'POST', url: url('/result_bets/copy_bets'), token: s.alice.token, payload: { league_id: target, league_id_to_copy: s.leagueId },
    });
    expect(copy.data).toEqual({ message: '1 bets copied', copied: 1 });
    const copied = (await call(ctx().app, { method: 'GET', url: url(`/result_bets/index/${target}?matchday=2`), token: s.alice.token })).data;
    expect(copied.find((r: any) => r.match_id === md2[0].match_id)).toMatchObject({ local_goals: 0, visiting_goals: 0 });
    const other = await createCup(ctx().deps.db, { start: s.start, name: 'Other' });
    const elsewhere = await createLeague(ctx().deps.db, { competitionId: other.competitionId, ownerId: s.alice.id });
    const refused = await call(ctx().app, {
      method: 'POST', url: url('/result_bets/copy_bets'), token: s.alice.token, payload: { league_id: elsewhere, league_id_to_copy: s.leagueId },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.error).toBe('Both leagues must be of the same competition');
    const notMember = await call(ctx().app, {
      method: 'POST', url: url('/result_bets/copy_bets'), token: s.bob.token, payload: { league_id: target, league_id_to_copy: s.leagueId },
    });
    expect(notMember.statusCode).toBe(403);
  });

  it('copy_bets copies round and person picks whose deadline has not passed, replacing the target ones', async () => {
    const s = await setup(ctx());
    const { db } = ctx().deps;
    const target = await createLeague(db, { competitionId: s.cup.competitionId, ownerId: s.alice.id, members: [{ id: s.alice.id }] });
    const { id: personId } = await db.insertInto('people').values({ name: 'Striker', team_id: s.cup.teamIds[0], external_key: null })
      .returning('id').executeTakeFirstOrThrow();
    const pick = (leagueId: number, rule: number, team: number) =>
      ({ league_id: leagueId, user_id: s.alice.id, league_rule_id: s.cup.ruleIds[rule], team_id: s.cup.teamIds[team], updated_at: 0 });
    await db.insertInto('round_bets').values([pick(s.leagueId, 6, 0), pick(s.leagueId, 6, 1), pick(s.leagueId, 7, 0), pick(target, 6, 5)]).execute();
    await db.insertInto('person_bets').values({ league_id: s.leagueId, user_id: s.alice.id, league_rule_id: s.cup.ruleIds[10], person_id: personId, updated_at: 0 }).execute();
    const copy = () => call(ctx().app, {
      method: 'POST', url: url('/result_bets/copy_bets'), token: s.alice.token, payload: { league_id: target, league_id_to_copy: s.leagueId },
    });
    expect((await copy()).data.copied).toBe(4);
    const picks = await db.selectFrom('round_bets').select(['league_rule_id', 'team_id']).where('league_id', '=', target)
      .orderBy('league_rule_id').orderBy('team_id').execute();
    expect(picks).toEqual([
      { league_rule_id: s.cup.ruleIds[6], team_id: s.cup.teamIds[0] }, { league_rule_id: s.cup.ruleIds[6], team_id: s.cup.teamIds[1] },
      { league_rule_id: s.cup.ruleIds[7], team_id: s.cup.teamIds[0] },
    ].sort((a, b) => a.league_rule_id - b.league_rule_id || a.team_id - b.team_id));
    expect(await db.selectFrom('person_bets').select('person_id').where('league_id', '=', target).execute()).toEqual([{ person_id: personId }]);
    // After the first kickoff the semi-final and top-scorer picks are locked; the final's still copy.
    ctx().clock.set(s.start);
    expect((await copy()).data.copied).toBe(1);
  });

  it('200 concurrent updates of one bet leave exactly one consistent value', async () => {
    const s = await setup(ctx());
    const [row] = (await myBets(ctx(), s, s.alice.token)).data;
    const values = Array.from({ length: 200 }, (_, i) => [i % 10, (i * 7) % 10] as const);
    const results = await Promise.all(values.map(([l, v]) => bet(ctx(), s.alice.token, row.id, l, v)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const stored = await ctx().deps.db.selectFrom('result_bets').select(['local_goals', 'visiting_goals'])
      .where('league_id', '=', s.leagueId).where('user_id', '=', s.alice.id).where('match_id', '=', row.match_id).execute();
    expect(stored).toHaveLength(1);
    expect(values.some(([l, v]) => l === stored[0].local_goals && v === stored[0].visiting_goals)).toBe(true);
  }, 60_000); // 200 requests at once: generous on a loaded machine.
});
