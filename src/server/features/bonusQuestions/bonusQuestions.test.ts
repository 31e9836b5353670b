import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague } from '../resultBets/testing/betsTestFixture';

const HOUR = 3_600_000;

async function setup(t: TestApp) {
  const start = t.clock.now() + 48 * HOUR;
  const cup = await createCup(t.deps.db, { start });
  const [owner, ana, bob, outsider] = await Promise.all(['Olga', 'Ana', 'Bob', 'Out'].map((name) => createUserWithToken(t.deps, { name })));
  const leagueId = await createLeague(t.deps.db, { competitionId: cup.competitionId, ownerId: owner.id, members: [{ id: owner.id }, { id: ana.id }, { id: bob.id }] });
  const deadline = new Date(t.clock.now() + 2 * HOUR).toISOString();
  return { cup, owner, ana, bob, outsider, leagueId, deadline };
}

const api = (t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string, payload?: object, locale = 'en') =>
  call(t.app, { method, url: `/api/v1/${locale}${path}`, token, ...(payload && { payload }) });

async function ask(t: TestApp, s: Awaited<ReturnType<typeof setup>>, question: object) {
  const res = await api(t, 'POST', '/bonus_questions', s.owner.token, { league_id: s.leagueId, question: { points: 5, deadline: s.deadline, ...question } });
  expect(res.statusCode).toBe(200);
  return res.data.question.id as number;
}

const table = async (t: TestApp, token: string, leagueId: number) =>
  (await api(t, 'GET', `/leagues/users_league_table/${leagueId}`, token)).data.users as any[];

describeEachDb('bonus questions', (ctx) => {
  it('members answer before the deadline, see others only after it; resolving scores points_bonus into points, resolving again recomputes', async () => {
    const t = ctx();
    const s = await setup(t);
    const team = await ask(t, s, { text: 'Who wins the cup?', kind: 'team' });
    const goals = await ask(t, s, { text: 'Goals in the final?', kind: 'number', points: 3 });
    expect((await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: team, answer: { team_id: s.cup.teamIds[0] } })).statusCode).toBe(200);
    await api(t, 'POST', '/bonus_questions/answer', s.bob.token, { question_id: team, answer: { team_id: s.cup.teamIds[1] } });
    await api(t, 'POST', '/bonus_questions/answer', s.bob.token, { question_id: goals, answer: { number: 3 } });

    // Before the deadline: own answer only; resolving refused (409, translated).
    let list = (await api(t, 'GET', `/bonus_questions/index/${s.leagueId}`, s.ana.token)).data;
    expect(list.map((q: any) => [q.text, q.open, q.my_answer, q.answers.length])).toEqual([
      ['Who wins the cup?', true, { team_id: s.cup.teamIds[0] }, 0], ['Goals in the final?', true, null, 0],
    ]);
    const early = await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: team, correct: [{ team_id: s.cup.teamIds[0] }] }, 'es');
    expect(early.statusCode).toBe(409);
    expect(early.data.error).toBe('La pregunta sigue abierta: se puede resolver después de su plazo');

    t.clock.set(t.clock.now() + 3 * HOUR);
    const late = await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: goals, answer: { number: 3 } });
    expect(late.statusCode).toBe(409);
    list = (await api(t, 'GET', `/bonus_questions/index/${s.leagueId}`, s.ana.token)).data;
    expect(list[0].answers.map((a: any) => [a.user_name, a.answer])).toEqual([
      ['Ana', { team_id: s.cup.teamIds[0] }], ['Bob', { team_id: s.cup.teamIds[1] }],
    ]);

    const resolved = await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: team, correct: [{ team_id: s.cup.teamIds[0] }] });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.data.question).toMatchObject({ resolved: true, correct: [{ team_id: s.cup.teamIds[0] }] });
    await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: goals, correct: [{ number: 3 }] });
    let rows = await table(t, s.ana.token, s.leagueId);
    expect(rows.map((r) => [r.user_name, r.points_bonus, r.points])).toEqual([['Ana', 5, 5], ['Bob', 3, 3], ['Olga', 0, 0]]);

    // Several right answers; resolving again takes Ana's points back and gives Bob his.
    await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: team, correct: [{ team_id: s.cup.teamIds[1] }, { team_id: s.cup.teamIds[2] }] });
    rows = await table(t, s.ana.token, s.leagueId);
    expect(rows.map((r) => [r.user_name, r.points_bonus, r.points])).toEqual([['Bob', 8, 8], ['Ana', 0, 0], ['Olga', 0, 0]]);
    const mine = (await api(t, 'GET', `/bonus_questions/index/${s.leagueId}`, s.bob.token)).data;
    expect(mine.map((q: any) => q.my_points)).toEqual([5, 3]);

    // Deleting a resolved question takes its points back.
    expect((await api(t, 'DELETE', `/bonus_questions/${goals}`, s.owner.token)).statusCode).toBe(200);
    rows = await table(t, s.ana.token, s.leagueId);
    expect(rows.find((r) => r.user_name === 'Bob')).toMatchObject({ points_bonus: 5, points: 5 });
  });

  it('person names compare without case, accents or spacing; choices must be an option', async () => {
    const t = ctx();
    const s = await setup(t);
    const person = await ask(t, s, { text: 'Golden Ball?', kind: 'person' });
    const choice = await ask(t, s, { text: 'Final decided by?', kind: 'choice', choices: ['90 minutes', 'Extra time', 'Penalties'] });
    await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: person, answer: { person_name: '  Lionel   Messí ' } });
    const wrong = await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: choice, answer: { choice: 'Coin toss' } });
    expect(wrong.statusCode).toBe(400);
    const shape = await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: choice, answer: { number: 1 } }, 'es');
    expect(shape.statusCode).toBe(400);
    expect(shape.data.error).toBe('La respuesta no corresponde a la pregunta');
    await api(t, 'POST', '/bonus_questions/answer', s.bob.token, { question_id: choice, answer: { choice: 'Penalties' } });
    t.clock.set(t.clock.now() + 3 * HOUR);
    await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: person, correct: [{ person_name: 'lionel messi' }] });
    await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: choice, correct: [{ choice: 'Penalties' }] });
    const rows = await table(t, s.ana.token, s.leagueId);
    expect(rows.map((r) => [r.user_name, r.points_bonus])).toEqual([['Ana', 5], ['Bob', 5], ['Olga', 0]]);
  });

  it('a passed deadline never reopens (answers were shown); the owner still resolves once the competition is finished', async () => {
    const t = ctx();
    const s = await setup(t);
    const goals = await ask(t, s, { text: 'Goals in the final?', kind: 'number' });
    await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: goals, answer: { number: 2 } });
    // Before the deadline the owner may move it either way.
    const later = new Date(t.clock.now() + 3 * HOUR).toISOString();
    expect((await api(t, 'PUT', `/bonus_questions/${goals}`, s.owner.token, { question: { deadline: later } })).statusCode).toBe(200);
    t.clock.set(t.clock.now() + 4 * HOUR);
    // Bob now sees Ana's answer: moving the deadline ahead again would let him answer knowing it.
    expect((await api(t, 'GET', `/bonus_questions/index/${s.leagueId}`, s.bob.token)).data[0].answers).toHaveLength(1);
    const reopen = await api(t, 'PUT', `/bonus_questions/${goals}`, s.owner.token,
      { question: { deadline: new Date(t.clock.now() + HOUR).toISOString() } }, 'es');
    expect(reopen.statusCode).toBe(409);
    expect(reopen.data.error).toBe('El plazo de esta pregunta ha terminado: las respuestas ya no pueden cambiar');
    expect((await api(t, 'POST', '/bonus_questions/answer', s.bob.token, { question_id: goals, answer: { number: 2 } })).statusCode).toBe(409);
    // An earlier (still passed) deadline and the text may change.
    const edited = await api(t, 'PUT', `/bonus_questions/${goals}`, s.owner.token,
      { question: { text: 'Goals in the final (90 minutes)?', deadline: new Date(t.clock.now() - HOUR).toISOString() } });
    expect(edited.data.question).toMatchObject({ text: 'Goals in the final (90 minutes)?', open: false });

    // The final is played and the competition finished: nothing new is asked or answered, but the owner resolves.
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', s.cup.competitionId).execute();
    const asked = await api(t, 'POST', '/bonus_questions', s.owner.token, { league_id: s.leagueId, question: { text: 'Late?', kind: 'number', points: 1, deadline: s.deadline } });
    expect(asked.statusCode).toBe(403);
    expect((await api(t, 'POST', '/bonus_questions/resolve', s.ana.token, { question_id: goals, correct: [{ number: 2 }] })).statusCode).toBe(403);
    const resolved = await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: goals, correct: [{ number: 2 }] });
    expect(resolved.statusCode).toBe(200);
    const rows = await table(t, s.bob.token, s.leagueId);
    expect(rows.map((r) => [r.user_name, r.points_bonus, r.points])).toEqual([['Ana', 5, 5], ['Bob', 0, 0], ['Olga', 0, 0]]);
    expect((await api(t, 'DELETE', `/bonus_questions/${goals}`, s.owner.token)).statusCode).toBe(403);
  });

  it('only the owner asks, changes, deletes and resolves; only members read and answer; bad questions are 400', async () => {
    const t = ctx();
    const s = await setup(t);
    const id = await ask(t, s, { text: 'Q?', kind: 'choice', choices: ['a', 'b'] });
    const body = { league_id: s.leagueId, question: { text: 'Q', kind: 'number', points: 1, deadline: s.deadline } };
    expect((await api(t, 'POST', '/bonus_questions', s.ana.token, body)).statusCode).toBe(403);
    expect((await api(t, 'PUT', `/bonus_questions/${id}`, s.ana.token, { question: { text: 'X' } })).statusCode).toBe(403);
    expect((await api(t, 'DELETE', `/bonus_questions/${id}`, s.ana.token)).statusCode).toBe(403);
    expect((await api(t, 'GET', `/bonus_questions/index/${s.leagueId}`, s.outsider.token)).statusCode).toBe(403);
    expect((await api(t, 'POST', '/bonus_questions/answer', s.outsider.token, { question_id: id, answer: { choice: 'a' } })).statusCode).toBe(403);
    expect((await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: 999999, answer: { choice: 'a' } })).statusCode).toBe(404);
    const noChoices = await api(t, 'POST', '/bonus_questions', s.owner.token, { ...body, question: { ...body.question, kind: 'choice', choices: ['only'] } });
    expect(noChoices.statusCode).toBe(400);
    expect(noChoices.data.errors['question.choices']).toBeDefined();
    const blank = await api(t, 'POST', '/bonus_questions', s.owner.token, { ...body, question: { ...body.question, text: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.data.errors['question.text']).toEqual(["can't be blank"]);
    expect((await api(t, 'PUT', `/bonus_questions/${id}`, s.owner.token, { question: { text: ' ' } })).statusCode).toBe(400);

    // Text and points change freely; the kind only while nobody answered.
    expect((await api(t, 'PUT', `/bonus_questions/${id}`, s.owner.token, { question: { text: 'Q2', points: 7 } })).data.question)
      .toMatchObject({ text: 'Q2', points: 7, choices: ['a', 'b'] });
    await api(t, 'POST', '/bonus_questions/answer', s.ana.token, { question_id: id, answer: { choice: 'a' } });
    const kind = await api(t, 'PUT', `/bonus_questions/${id}`, s.owner.token, { question: { kind: 'number' } });
    expect(kind.statusCode).toBe(409);
    t.clock.set(t.clock.now() + 3 * HOUR);
    expect((await api(t, 'POST', '/bonus_questions/resolve', s.ana.token, { question_id: id, correct: [{ choice: 'a' }] })).statusCode).toBe(403);
    await api(t, 'POST', '/bonus_questions/resolve', s.owner.token, { question_id: id, correct: [{ choice: 'a' }] });
    expect((await api(t, 'PUT', `/bonus_questions/${id}`, s.owner.token, { question: { text: 'Q3' } })).statusCode).toBe(409);
    // A member who leaves takes their answers (and bonus points) with them.
    await api(t, 'DELETE', `/leagues/cancel/${s.leagueId}`, s.ana.token);
    const rows = await table(t, s.owner.token, s.leagueId);
    expect(rows.map((r) => r.user_name)).toEqual(['Bob', 'Olga']);
  });
});
