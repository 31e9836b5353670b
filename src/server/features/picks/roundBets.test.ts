import { call, describeEachDb } from '../../testing/harness';
import { memberStanding } from '../../testing/standingsReads';
import {
  MINUTE, ROUND, api, drawSemis, fillRound, pickWorld, ruleOf, setClock, setResult,
} from './testing/pickTestFixtures';

describeEachDb('round picks: fill and clear', (ctx) => {
  it('toggles a pick, is idempotent, and answers the member\'s picks of the rule', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.FINAL), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 };
    const first = await fillRound(t, w.member.token, body);
    expect(first.statusCode).toBe(200);
    expect(first.data).toMatchObject({
      user_id: w.member.id, mode: 0, picks_made: 1, allow_edit_bets: true, allow_show_bets: false,
      deadline: new Date(w.semisStart - 5 * MINUTE).toISOString(),
      league_rule: { id: ruleOf(w, ROUND.FINAL), round_id: ROUND.FINAL, picks: 2, round_name: 'Final' },
    });
    expect(first.data.bets).toEqual([expect.objectContaining({ team_id: w.cup.teamIds[0], user_id: w.member.id, user_name: 'Bea', points: null, allow_edit_bets: true })]);
    const again = await fillRound(t, w.member.token, body);
    expect(again.data.picks_made).toBe(1);
    const cleared = await fillRound(t, w.member.token, body, 'clear');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.data.picks_made).toBe(0);
    expect((await fillRound(t, w.member.token, body, 'clear')).statusCode).toBe(200);
    expect(await t.deps.db.selectFrom('round_bets').selectAll().execute()).toEqual([]);
  });

  it('refuses more picks than the rule allows, in the caller\'s language', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const pick = (team: number, locale = 'en') => call(t.app, {
      method: 'POST', url: api('/round_bets/fill_round_bet', locale), token: w.member.token,
      payload: { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.FINAL), team_id: team, user_id: w.member.id, mode: 0 },
    });
    expect((await pick(w.cup.teamIds[0])).statusCode).toBe(200);
    expect((await pick(w.cup.teamIds[1])).statusCode).toBe(200);
    const third = await pick(w.cup.teamIds[2], 'es');
    expect(third.statusCode).toBe(400);
    expect(third.data).toEqual({ error: 'Ya has hecho todas las elecciones permitidas para esta ronda' });
    const rows = await t.deps.db.selectFrom('round_bets').select('team_id').execute();
    expect(rows.map((r) => r.team_id).sort()).toEqual([w.cup.teamIds[0], w.cup.teamIds[1]].sort());
  });

  it('never lets concurrent fills pass the limit', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const ruleId = ruleOf(w, ROUND.SEMI_FINALS);
    await t.deps.db.updateTable('league_rules').set({ picks: 2 }).where('id', '=', ruleId).execute();
    const results = await Promise.all(w.cup.teamIds.slice(0, 8).concat(w.cup.teamIds.slice(0, 2)).map((team) =>
      fillRound(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleId, team_id: team, user_id: w.member.id, mode: 0 })));
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 400)).toBe(true);
    const rows = await t.deps.db.selectFrom('round_bets').select('team_id').where('user_id', '=', w.member.id).execute();
    expect(rows).toHaveLength(2);
  });

  it('keeps simulated picks (mode 1) apart from real ones', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.CHAMPION), team_id: w.cup.teamIds[3], user_id: w.member.id };
    expect((await fillRound(t, w.member.token, { ...body, mode: 1 })).data.picks_made).toBe(1);
    const real = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}`), token: w.member.token });
    expect(real.data.find((r: { league_rule: { round_id: number } }) => r.league_rule.round_id === ROUND.CHAMPION).picks_made).toBe(0);
    const sim = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}?mode=1`), token: w.member.token });
    expect(sim.data.find((r: { league_rule: { round_id: number } }) => r.league_rule.round_id === ROUND.CHAMPION).picks_made).toBe(1);
    // Someone else's simulation is private.
    const peek = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}?mode=1&user_id=${w.member.id}`), token: w.owner.token });
    expect(peek.statusCode).toBe(403);
  });
});

describeEachDb('round picks: deadlines', (ctx) => {
  it('accepts a write one second before the deadline and refuses one a second after', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 };
    const deadline = w.start - 5 * MINUTE;
    await setClock(t, w, deadline - 1000);
    expect((await fillRound(t, w.member.token, body)).statusCode).toBe(200);
    await setClock(t, w, deadline + 1000);
    const late = await fillRound(t, w.member.token, { ...body, team_id: w.cup.teamIds[1] });
    expect(late.statusCode).toBe(400);
    expect(late.data.error).toBe('The deadline for this bet has passed');
    expect((await fillRound(t, w.member.token, body, 'clear')).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('round_bets').select('team_id').execute()).toEqual([{ team_id: w.cup.teamIds[0] }]);
    // The simulation stays open.
    expect((await fillRound(t, w.member.token, { ...body, mode: 1 })).statusCode).toBe(200);
  });

  it('locks Champion picks before the final and Final picks before the semi-finals', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const champion = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.CHAMPION), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 };
    const final = { ...champion, league_rule_id: ruleOf(w, ROUND.FINAL) };
    await setClock(t, w, w.semisStart - 5 * MINUTE + 1000);
    expect((await fillRound(t, w.member.token, final)).statusCode).toBe(400);
    expect((await fillRound(t, w.member.token, champion)).statusCode).toBe(200);
    await setClock(t, w, w.finalStart - 5 * MINUTE - 1000);
    expect((await fillRound(t, w.member.token, { ...champion, team_id: w.cup.teamIds[1] }, 'fill')).statusCode).toBe(400); // limit 1
    expect((await fillRound(t, w.member.token, champion, 'clear')).statusCode).toBe(200);
    await setClock(t, w, w.finalStart - 5 * MINUTE + 1000);
    expect((await fillRound(t, w.member.token, champion)).statusCode).toBe(400);
  });

  it('refuses writes once the league is finished', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', w.cup.competitionId).execute();
    const res = await fillRound(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.FINAL), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.data.error).toBe('The league has already finished');
  });
});

describeEachDb('round picks: visibility and charts', (ctx) => {
  it('hides other members\' teams until the deadline, then shows them', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const ruleId = ruleOf(w, ROUND.SEMI_FINALS);
    await fillRound(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleId, team_id: w.cup.teamIds[2], user_id: w.member.id, mode: 0 });
    const read = (token: string) => call(t.app, { method: 'GET', url: api(`/round_bets/round_bets/${w.leagueId}/${ROUND.SEMI_FINALS}`), token });
    const before = await read(w.owner.token);
    expect(before.statusCode).toBe(200);
    expect(before.data).toEqual([expect.objectContaining({ user_id: w.member.id, team_id: null, allow_show_bets: false, allow_edit_bets: false })]);
    expect((await read(w.member.token)).data[0]).toMatchObject({ team_id: w.cup.teamIds[2], allow_edit_bets: true });
    const othersIndex = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}?user_id=${w.member.id}`), token: w.owner.token });
    const sf = othersIndex.data.find((r: { league_rule: { id: number } }) => r.league_rule.id === ruleId);
    expect(sf).toMatchObject({ picks_made: 1, allow_edit_bets: false, bets: [expect.objectContaining({ team_id: null })] });
    await setClock(t, w, w.start - 5 * MINUTE);
    expect((await read(w.owner.token)).data[0]).toMatchObject({ team_id: w.cup.teamIds[2], allow_show_bets: true, allow_edit_bets: false });
  });

  it('counts distinct members per team for the chart, only once picks are visible', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const ruleId = ruleOf(w, ROUND.FINAL);
    const [a, b] = w.cup.teamIds;
    const pick = (user: { id: number; token: string }, team: number, mode = 0) =>
      fillRound(t, user.token, { league_id: w.leagueId, league_rule_id: ruleId, team_id: team, user_id: user.id, mode });
    await pick(w.member, b);
    await pick(w.member, a);
    await pick(w.owner, b);
    await pick(w.owner, a, 1);
    const chart = () => call(t.app, { method: 'GET', url: api(`/round_bets/teams_next_round_by_user/${w.leagueId}/${ROUND.FINAL}`), token: w.owner.token });
    expect((await chart()).data).toEqual([]);
    await setClock(t, w, w.semisStart);
    const teams = await t.deps.db.selectFrom('teams').select(['id', 'team_name']).where('id', 'in', [a, b]).execute();
    const name = (id: number) => teams.find((x) => x.id === id)!.team_name;
    expect((await chart()).data).toEqual([
      { team_id: b, team_name: name(b), users: 2 },
      { team_id: a, team_name: name(a), users: 1 },
    ]);
  });
});

describeEachDb('round picks: eligibility', (ctx) => {
  it('narrows the teams as the knockout rounds are drawn and played', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const eligible = async (round: number) => (await call(t.app, {
      method: 'GET', url: api(`/round_bets/elegible_team_ids/${w.leagueId}/${ruleOf(w, round)}/${w.member.id}`), token: w.member.token,
    })).data as number[];
    const all = [...w.cup.teamIds].sort((x, y) => x - y);
    expect(await eligible(ROUND.SEMI_FINALS)).toEqual(all);
    expect(await eligible(ROUND.CHAMPION)).toEqual(all);
    const [a1, a2, , , b1, b2] = w.cup.teamIds;
    await drawSemis(t.deps.db, w, [a1, b2, b1, a2]);
    const semis = [a1, b2, b1, a2].sort((x, y) => x - y);
    expect(await eligible(ROUND.SEMI_FINALS)).toEqual(semis);
    expect(await eligible(ROUND.FINAL)).toEqual(semis);
    await setResult(t.deps.db, w.cup.knockoutMatchIds[0], { local: 0, visiting: 0, localEt: 0, visitingEt: 1 });
    expect(await eligible(ROUND.FINAL)).toEqual([b2, b1, a2].sort((x, y) => x - y));
    expect(await eligible(ROUND.CHAMPION)).toEqual([b2, b1, a2].sort((x, y) => x - y));
    const refused = await fillRound(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.CHAMPION), team_id: a1, user_id: w.member.id, mode: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.data.error).toBe('That team can not reach this round');
    expect(await t.deps.db.selectFrom('round_bets').selectAll().execute()).toEqual([]);
  });
});

describeEachDb('round picks: authorisation and bad input', (ctx) => {
  it('answers 401 to visitors, 403 to non-members and to writes for someone else, and lets admins act (audited)', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.FINAL), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 };
    expect((await fillRound(t, null, body)).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}`) })).statusCode).toBe(401);
    expect((await fillRound(t, w.outsider.token, { ...body, user_id: w.outsider.id })).statusCode).toBe(403);
    for (const path of [`/round_bets/index/${w.leagueId}`, `/round_bets/round_bets/${w.leagueId}/7`, `/round_bets/teams_next_round_by_user/${w.leagueId}/7`,
      `/round_bets/elegible_team_ids/${w.leagueId}/${ruleOf(w, ROUND.FINAL)}/${w.outsider.id}`]) {
      expect((await call(t.app, { method: 'GET', url: api(path), token: w.outsider.token })).statusCode).toBe(403);
    }
    expect((await fillRound(t, w.owner.token, body)).statusCode).toBe(403);
    expect(await t.deps.db.selectFrom('round_bets').selectAll().execute()).toEqual([]);
    const byAdmin = await fillRound(t, w.admin.token, body);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.data.bets).toHaveLength(1);
    const audit = await t.deps.db.selectFrom('audit_log').selectAll().execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: w.admin.id, action: 'fill_round_bet', entity: 'round_bet' })]);
    // An admin acting for someone who is not a member.
    expect((await fillRound(t, w.admin.token, { ...body, user_id: w.outsider.id })).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}`), token: w.admin.token })).statusCode).toBe(200);
  });

  it('lets an admin correct a pick after the deadline, scoring it and the standing at once', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const [a1, a2, , , b1, b2] = w.cup.teamIds;
    await drawSemis(t.deps.db, w, [a1, b2, b1, a2]);
    await setClock(t, w, w.start + MINUTE);
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), team_id: a1, user_id: w.member.id, mode: 0 };
    expect((await fillRound(t, w.member.token, body)).statusCode).toBe(400);
    const res = await fillRound(t, w.admin.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.data.bets).toEqual([expect.objectContaining({ team_id: a1, points: 4 })]);
    const standing = await memberStanding(t.deps.db, w.leagueId, w.member.id);
    expect({ points_rounds: standing.points_rounds, points: standing.points }).toEqual({ points_rounds: 4, points: 4 });
  });

  it('rejects malformed or mismatched input with a 4xx and changes nothing', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const other = await t.deps.db.selectFrom('league_rules').select('id').where('competition_id', '=', w.cup.competitionId)
      .where('round_id', '=', ROUND.TOP_SCORER).executeTakeFirstOrThrow();
    const good = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.FINAL), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 };
    const cases: [Record<string, unknown>, number][] = [
      [{ ...good, mode: 2 }, 400],
      [{ ...good, team_id: 'x' }, 400],
      [{ ...good, team_id: -1 }, 400],
      [{ ...good, extra: 1 }, 400],
      [{ league_id: w.leagueId }, 400],
      [{ ...good, league_rule_id: other.id }, 400],
      [{ ...good, league_rule_id: 999_999 }, 404],
      [{ ...good, league_id: 999_999 }, 404],
      [{ ...good, team_id: 999_999 }, 400],
    ];
    for (const [payload, status] of cases) {
      const res = await fillRound(t, w.member.token, payload);
      expect([payload, res.statusCode]).toEqual([payload, status]);
      expect(typeof res.data.error).toBe('string');
    }
    const text = await call(t.app, { method: 'POST', url: api('/round_bets/fill_round_bet'), token: w.member.token, payload: 'nonsense', headers: { 'content-type': 'application/json' } });
    expect(text.statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: api('/round_bets/index/abc'), token: w.member.token })).statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}?mode=7`), token: w.member.token })).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('round_bets').selectAll().execute()).toEqual([]);
  });

  it('refuses round picks in a league that does not play them', async () => {
    const t = ctx();
    const w = await pickWorld(t, { round_bets_enabled: 0 });
    const res = await fillRound(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.FINAL), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 });
    expect(res.statusCode).toBe(400);
    const index = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${w.leagueId}`), token: w.member.token });
    expect(index.data).toEqual([]);
  });
});

describeEachDb('round picks: points info', (ctx) => {
  it('explains a scored pick and refuses hidden ones', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const [a1, a2, , , b1, b2] = w.cup.teamIds;
    const filled = await fillRound(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), team_id: a1, user_id: w.member.id, mode: 0 });
    const betId = filled.data.bets[0].id;
    const info = (token: string, locale = 'en') => call(t.app, { method: 'GET', url: api(`/round_bets/points_info/${betId}`, locale), token });
    expect((await info(w.owner.token)).statusCode).toBe(403);
    const team = await t.deps.db.selectFrom('teams').select('team_name').where('id', '=', a1).executeTakeFirstOrThrow();
    expect((await info(w.member.token)).data).toEqual({ max_points: 4, legend: [{ description: `${team.team_name} plays this round`, points: 0, max_points: 4 }] });
    await drawSemis(t.deps.db, w, [a1, b2, b1, a2]);
    const { recomputePickPoints } = await import('../../domain/picks/pickScoring');
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    await setClock(t, w, w.start);
    expect((await info(w.owner.token, 'es')).data).toEqual({ max_points: 4, legend: [{ description: `${team.team_name} juega esta ronda`, points: 4, max_points: 4 }] });
    expect((await call(t.app, { method: 'GET', url: api('/round_bets/points_info/999999'), token: w.owner.token })).statusCode).toBe(404);
    expect((await info(w.outsider.token)).statusCode).toBe(403);
  });
});
