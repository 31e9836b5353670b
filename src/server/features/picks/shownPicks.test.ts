import { ROUND } from '../../../shared/domain/rounds';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { DAY, HOUR, MINUTE, addMember, api, fillPerson, fillRound, insertLeague, pickWorld, ruleOf, setClock } from './testing/pickTestFixtures';

/** Picks once shown never reopen, whether an admin moves a kickoff or the owner raises start_matchday. */

const pickState = async (t: TestApp, token: string, leagueId: number, userId: number, roundId: number) => {
  const res = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${leagueId}?user_id=${userId}`), token });
  return res.data.find((r: { league_rule: { round_id: number } }) => r.league_rule.round_id === roundId);
};

/** A league competition of 4 clubs, 3 matchdays a day apart from six hours after the clock (sessions last a day), with its pick rules. */
async function season(t: TestApp) {
  const db = t.deps.db;
  const now = t.clock.now();
  const start = now + 6 * HOUR;
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Liga', competition_type: 'league', provider: 'manual', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const teams: number[] = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    const { id } = await db.insertInto('teams').values({ team_name: name, abbreviation: name.slice(0, 3), flag: null, external_key: `shown:${name}` })
      .returning('id').executeTakeFirstOrThrow();
    teams.push(id);
    await db.insertInto('competition_teams').values({ competition_id: competitionId, team_id: id }).execute();
  }
  for (const [l, v, matchday] of [[0, 1, 1], [2, 3, 1], [0, 2, 2], [1, 3, 2], [0, 3, 3], [1, 2, 3]]) {
    await db.insertInto('matches').values({
      competition_id: competitionId, round_id: ROUND.REGULAR_SEASON, matchday, local_team_id: teams[l], visiting_team_id: teams[v],
      date: start + (matchday - 1) * DAY, updated_at: now,
    }).execute();
  }
  const rules: Record<number, number> = {};
  for (const [roundId, picks] of [[ROUND.LEAGUE_CHAMPION, 1], [ROUND.TOP_SCORER, 1]]) {
    rules[roundId] = (await db.insertInto('league_rules').values({ competition_id: competitionId, round_id: roundId, picks, points_per_hit: 5 })
      .returning('id').executeTakeFirstOrThrow()).id;
  }
  const { id: personId } = await db.insertInto('people').values({ name: 'Striker', team_id: teams[0], external_key: null }).returning('id').executeTakeFirstOrThrow();
  return { competitionId, teams, rules, start, personId };
}

describeEachDb('shown picks stay closed', (ctx) => {
  it('keeps first-knockout-round picks closed when an admin moves the opening matches later', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), team_id: w.cup.teamIds[0], user_id: w.member.id, mode: 0 };
    expect((await fillRound(t, w.member.token, body)).statusCode).toBe(200);
    await setClock(t, w, w.start - 5 * MINUTE);
    expect(await pickState(t, w.owner.token, w.leagueId, w.member.id, ROUND.SEMI_FINALS)).toMatchObject({ allow_show_bets: true });
    // Both opening matches (group A, same kickoff) move two days later: the group stage would start three hours later.
    for (const matchId of w.cup.groupMatchIds.slice(0, 2)) {
      const moved = await call(t.app, {
        method: 'PUT', url: api(`/matches/${matchId}`), token: w.admin.token,
        payload: { match: { date: new Date(w.start + 2 * DAY).toISOString() } },
      });
      expect(moved.statusCode).toBe(200);
    }
    const late = await fillRound(t, w.member.token, { ...body, team_id: w.cup.teamIds[1] });
    expect([late.statusCode, late.data.error]).toEqual([400, 'The deadline for this bet has passed']);
    expect(await pickState(t, w.owner.token, w.leagueId, w.member.id, ROUND.SEMI_FINALS)).toMatchObject({
      allow_show_bets: true, allow_edit_bets: false, deadline: new Date(w.start - 5 * MINUTE).toISOString(),
      bets: [expect.objectContaining({ team_id: w.cup.teamIds[0] })],
    });
  });

  it('never reopens shown picks when the owner raises start_matchday, nor lets copy_bets write them', async () => {
    const t = ctx();
    const s = await season(t);
    const owner = await createUserWithToken(t.deps, { name: 'Olga' });
    const member = await createUserWithToken(t.deps, { name: 'Mia' });
    const leagueId = await insertLeague(t.deps.db, s.competitionId, owner.id, { editable_after_start: 1 });
    const otherLeague = await insertLeague(t.deps.db, s.competitionId, owner.id);
    for (const id of [leagueId, otherLeague]) { await addMember(t.deps.db, id, owner.id); await addMember(t.deps.db, id, member.id); }
    const champion = { league_id: leagueId, league_rule_id: s.rules[ROUND.LEAGUE_CHAMPION], team_id: s.teams[0], user_id: member.id, mode: 0 };
    const scorer = { league_id: leagueId, league_rule_id: s.rules[ROUND.TOP_SCORER], person_id: s.personId, user_id: member.id, mode: 0 };
    expect((await fillRound(t, member.token, champion)).statusCode).toBe(200);
    expect((await fillPerson(t, member.token, scorer)).statusCode).toBe(200);
    // The member picked otherwise in the other league (written before its deadline).
    await t.deps.db.insertInto('round_bets').values({
      league_id: otherLeague, user_id: member.id, league_rule_id: s.rules[ROUND.LEAGUE_CHAMPION], team_id: s.teams[3], mode: 0, updated_at: t.clock.now(),
    }).execute();

    t.clock.set(s.start + MINUTE);
    const raised = await call(t.app, { method: 'PUT', url: api(`/leagues/${leagueId}`), token: owner.token, payload: { league: { start_matchday: 3 } } });
    expect(raised.statusCode).toBe(200);
    expect(raised.data.league.start_matchday).toBe(3);

    const deadline = new Date(s.start - 5 * MINUTE).toISOString();
    expect(await pickState(t, owner.token, leagueId, member.id, ROUND.LEAGUE_CHAMPION)).toMatchObject({
      deadline, allow_show_bets: true, allow_edit_bets: false, bets: [expect.objectContaining({ team_id: s.teams[0] })],
    });
    expect((await fillRound(t, member.token, { ...champion, team_id: s.teams[1] })).statusCode).toBe(400);
    expect((await fillRound(t, member.token, champion, 'clear')).statusCode).toBe(400);
    expect((await fillPerson(t, member.token, scorer, 'clear')).statusCode).toBe(400);
    const copied = await call(t.app, {
      method: 'POST', url: api('/result_bets/copy_bets'), token: member.token, payload: { league_id: leagueId, league_id_to_copy: otherLeague },
    });
    expect(copied.statusCode).toBe(200);
    const picks = await t.deps.db.selectFrom('round_bets').select('team_id').where('league_id', '=', leagueId).execute();
    expect(picks).toEqual([{ team_id: s.teams[0] }]);
    // Nor do reminders announce picks closing later: the owner picked nothing, yet has no pick alert.
    const alerts = (await call(t.app, { method: 'GET', url: api('/alerts/index'), token: owner.token })).data;
    expect(alerts.filter((a: { alert_type: number }) => a.alert_type !== 1)).toEqual([]);
    // Lowering it again, or raising it further, changes nothing either.
    await call(t.app, { method: 'PUT', url: api(`/leagues/${leagueId}`), token: owner.token, payload: { league: { start_matchday: 2 } } });
    expect((await fillRound(t, member.token, { ...champion, team_id: s.teams[1] })).statusCode).toBe(400);
  });

  it('lets picks that were never shown follow a raised start_matchday', async () => {
    const t = ctx();
    const s = await season(t);
    const owner = await createUserWithToken(t.deps, { name: 'Olga' });
    const leagueId = await insertLeague(t.deps.db, s.competitionId, owner.id);
    await addMember(t.deps.db, leagueId, owner.id);
    const raised = await call(t.app, { method: 'PUT', url: api(`/leagues/${leagueId}`), token: owner.token, payload: { league: { start_matchday: 2 } } });
    expect(raised.statusCode).toBe(200);
    expect((await pickState(t, owner.token, leagueId, owner.id, ROUND.LEAGUE_CHAMPION)).deadline)
      .toBe(new Date(s.start + DAY - 5 * MINUTE).toISOString());
    t.clock.set(s.start + MINUTE);
    const pick = { league_id: leagueId, league_rule_id: s.rules[ROUND.LEAGUE_CHAMPION], team_id: s.teams[2], user_id: owner.id, mode: 0 };
    expect((await fillRound(t, owner.token, pick)).statusCode).toBe(200);
  });
});
