import type { Executor } from '../../platform/db/database';
import { call, describeEachDb } from '../../testing/harness';
import { recomputePickPoints } from '../../domain/picks/pickScoring';
import { MINUTE, ROUND, api, fillPerson, pickWorld, ruleOf, setClock, setResult } from './testing/pickTestFixtures';

async function person(db: Executor, name: string): Promise<number> {
  return (await db.insertInto('people').values({ name, team_id: null, external_key: null }).returning('id').executeTakeFirstOrThrow()).id;
}

describeEachDb('person picks', (ctx) => {
  it('toggles a top-scorer pick within the limit and answers the member\'s picks with the person', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const kane = await person(t.deps.db, 'Kane');
    const messi = await person(t.deps.db, 'Messi');
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.TOP_SCORER), person_id: kane, user_id: w.member.id, mode: 0 };
    const filled = await fillPerson(t, w.member.token, body);
    expect(filled.statusCode).toBe(200);
    expect(filled.data).toMatchObject({
      picks_made: 1, allow_edit_bets: true, allow_show_bets: false, deadline: new Date(w.start - 5 * MINUTE).toISOString(),
      league_rule: { round_id: ROUND.TOP_SCORER, picks: 1, round_name: 'Top scorer' },
      bets: [expect.objectContaining({ person_id: kane, person: { id: kane, name: 'Kane' }, user_name: 'Bea', points: null })],
    });
    expect((await fillPerson(t, w.member.token, body)).data.picks_made).toBe(1);
    const second = await fillPerson(t, w.member.token, { ...body, person_id: messi });
    expect(second.statusCode).toBe(400);
    expect(second.data.error).toBe('You have already made all the picks allowed for this round');
    const index = await call(t.app, { method: 'GET', url: api(`/person_bets/index/${w.leagueId}`), token: w.member.token });
    expect(index.data).toHaveLength(1);
    expect(index.data[0].bets.map((b: { person_id: number }) => b.person_id)).toEqual([kane]);
    expect((await fillPerson(t, w.member.token, body, 'clear')).data.picks_made).toBe(0);
    expect((await fillPerson(t, w.member.token, { ...body, person_id: messi })).statusCode).toBe(200);
  });

  it('refuses unknown people, late writes and writes for someone else; lets admins act', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const kane = await person(t.deps.db, 'Kane');
    const body = { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.TOP_SCORER), person_id: kane, user_id: w.member.id, mode: 0 };
    const unknown = await fillPerson(t, w.member.token, { ...body, person_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.data.error).toBe('The player does not exist');
    expect((await fillPerson(t, null, body)).statusCode).toBe(401);
    expect((await fillPerson(t, w.outsider.token, { ...body, user_id: w.outsider.id })).statusCode).toBe(403);
    expect((await fillPerson(t, w.owner.token, body)).statusCode).toBe(403);
    expect((await fillPerson(t, w.member.token, { ...body, league_rule_id: ruleOf(w, ROUND.FINAL) })).statusCode).toBe(400);
    expect((await fillPerson(t, w.member.token, { ...body, mode: 3 })).statusCode).toBe(400);
    await setClock(t, w, w.start - 5 * MINUTE - 1000);
    expect((await fillPerson(t, w.member.token, body)).statusCode).toBe(200);
    await setClock(t, w, w.start - 5 * MINUTE + 1000);
    const late = await fillPerson(t, w.member.token, body, 'clear');
    expect(late.statusCode).toBe(400);
    expect(late.data.error).toBe('The deadline for this bet has passed');
    expect(await t.deps.db.selectFrom('person_bets').select('person_id').execute()).toEqual([{ person_id: kane }]);
    const byAdmin = await fillPerson(t, w.admin.token, body, 'clear');
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.data.picks_made).toBe(0);
    expect(await t.deps.db.selectFrom('audit_log').select(['action', 'actor_id']).execute()).toEqual([{ action: 'clear_person_bet', actor_id: w.admin.id }]);
  });

  it('hides other members\' people until the deadline, for the top-scorers pie and the index', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const kane = await person(t.deps.db, 'Kane');
    const rule = ruleOf(w, ROUND.TOP_SCORER);
    await fillPerson(t, w.member.token, { league_id: w.leagueId, league_rule_id: rule, person_id: kane, user_id: w.member.id, mode: 0 });
    const pie = () => call(t.app, { method: 'GET', url: api(`/person_bets/index_league_rule/${w.leagueId}/${rule}`), token: w.owner.token });
    expect((await pie()).data).toEqual([expect.objectContaining({ user_id: w.member.id, person_id: null, person: null, allow_show_bets: false })]);
    const other = await call(t.app, { method: 'GET', url: api(`/person_bets/index/${w.leagueId}?user_id=${w.member.id}`), token: w.owner.token });
    expect(other.data[0]).toMatchObject({ picks_made: 1, allow_edit_bets: false, bets: [expect.objectContaining({ person: null })] });
    expect((await call(t.app, { method: 'GET', url: api(`/person_bets/index_league_rule/${w.leagueId}/${rule}`), token: w.outsider.token })).statusCode).toBe(403);
    await setClock(t, w, w.start - 5 * MINUTE);
    expect((await pie()).data).toEqual([expect.objectContaining({ person_id: kane, person: { id: kane, name: 'Kane' }, user_name: 'Bea', allow_show_bets: true })]);
  });

  it('explains the points of a person pick: goals, then the top-scorer bonus', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const kane = await person(t.deps.db, 'Kane');
    const filled = await fillPerson(t, w.member.token, { league_id: w.leagueId, league_rule_id: ruleOf(w, ROUND.TOP_SCORER), person_id: kane, user_id: w.member.id, mode: 0 });
    const betId = filled.data.bets[0].id;
    const info = () => call(t.app, { method: 'GET', url: api(`/person_bets/points_info/${betId}`), token: w.member.token });
    expect((await info()).data).toEqual({
      max_points: 5,
      legend: [{ description: 'Goals scored by Kane', points: 0, max_points: 0 }, { description: 'Kane ends as top scorer', points: 0, max_points: 5 }],
    });
    await t.deps.db.insertInto('person_stats').values({ competition_id: w.cup.competitionId, person_id: kane, goals: 3 }).execute();
    await setResult(t.deps.db, w.cup.groupMatchIds[0], { local: 3, visiting: 0 });
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', w.cup.competitionId).execute();
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    expect((await info()).data).toEqual({
      max_points: 8,
      legend: [{ description: 'Goals scored by Kane', points: 3, max_points: 3 }, { description: 'Kane ends as top scorer', points: 5, max_points: 5 }],
    });
  });
});
