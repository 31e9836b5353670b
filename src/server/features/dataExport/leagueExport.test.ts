import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { UTF8_BOM } from './csv';

const HOUR = 3_600_000;

const csvOf = (t: TestApp, leagueId: number, token: string, locale = 'en') =>
  call(t.app, { method: 'GET', url: `/api/v1/${locale}/leagues/export/${leagueId}`, token });

/** Olga's league with Begoña and a member whose name looks like a formula; one bet shown, one still hidden. */
async function setup(t: TestApp) {
  const start = t.clock.now() + HOUR;
  const cup = await createCup(t.deps.db, { start });
  const owner = await createUserWithToken(t.deps, { name: 'Olga' });
  const begona = await createUserWithToken(t.deps, { name: 'Begoña Núñez' });
  const tricky = await createUserWithToken(t.deps, { name: '=HYPERLINK("http://x","Smith, Jo")' });
  const outsider = await createUserWithToken(t.deps, { name: 'Out' });
  const leagueId = await createLeague(t.deps.db, {
    competitionId: cup.competitionId, ownerId: owner.id, name: 'Peña Ñandú', members: [{ id: owner.id }, { id: begona.id }, { id: tricky.id }],
  });
  const [first, , later] = cup.groupMatchIds;
  const bet = (userId: number, matchId: number, goals: [number, number]) => t.deps.db.insertInto('result_bets')
    .values({ competition_id: cup.competitionId, league_id: leagueId, user_id: userId, match_id: matchId, local_goals: goals[0], visiting_goals: goals[1], updated_at: 0 }).execute();
  await bet(begona.id, first, [2, 1]);
  await bet(tricky.id, first, [0, 0]);
  await bet(begona.id, later, [7, 6]);
  t.clock.set(start + HOUR);
  await finishMatch(t.deps.db, first, 2, 1);
  return { cup, owner, begona, tricky, outsider, leagueId, first, later };
}

describeEachDb('league CSV export', (ctx) => {
  it("gives members the table and every shown bet as a UTF-8 CSV with a BOM, never a hidden bet", async () => {
    const t = ctx();
    const s = await setup(t);
    const res = await csvOf(t, s.leagueId, s.begona.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Pena Nandu \d{4}-\d\d-\d\d\.csv"; filename\*=UTF-8''Pe%C3%B1a%20%C3%91and%C3%BA%20/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.startsWith(UTF8_BOM)).toBe(true);
    const [table, bets, ...rest] = res.body.slice(1).split('\r\n\r\n');
    expect(rest).toEqual([]);
    const tableLines = table.split('\r\n');
    expect(tableLines[0]).toBe('Position,Member,Department,Points,Match points,Round pick points,Top scorer points,Bonus points,'
      + 'Exact scores,Goal differences,Right results,Matchdays won');
    expect(tableLines).toHaveLength(4);
    expect(tableLines.some((line) => line.startsWith('1,Begoña Núñez,'))).toBe(true);
    // The formula-like name is neutralised and quoted (it holds commas and quotes).
    expect(tableLines.some((line) => line.includes(`,"'=HYPERLINK(""http://x"",""Smith, Jo"")",`))).toBe(true);
    const betLines = bets.trimEnd().split('\r\n');
    expect(betLines[0]).toBe('Member,Matchday,Kickoff (UTC),Home,Away,Result,Bet,Joker,Entered by the owner,Points');
    // By match, then by member name.
    expect(betLines.slice(1)).toEqual([
      '"\'=HYPERLINK(""http://x"",""Smith, Jo"")",1,2026-06-01 13:00,Team A1,Team A2,2-1,0-0,,,0',
      'Begoña Núñez,1,2026-06-01 13:00,Team A1,Team A2,2-1,2-1,,,5',
    ]);
    expect(res.body).not.toContain('7-6');
  });

  it('answers in the caller\'s language; outsiders get 403 and an unknown league 404, with nothing exported', async () => {
    const t = ctx();
    const s = await setup(t);
    const es = await csvOf(t, s.leagueId, s.owner.token, 'es');
    expect(es.body.slice(1).split('\r\n')[0]).toMatch(/^Posición,Participante,Departamento,Puntos,/);
    expect(es.body).toContain('Participante,Jornada,Inicio (UTC),Local,Visitante,Resultado,Apuesta,Comodín');
    const outsider = await csvOf(t, s.leagueId, s.outsider.token, 'es');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.headers['content-type']).toMatch(/^application\/json/);
    expect(outsider.data.error).toBeTruthy();
    expect((await csvOf(t, 999_999, s.begona.token)).statusCode).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/export/${s.leagueId}` })).statusCode).toBe(401);
  });

  it("after the competition ends the owner's file holds every pick and bonus answer; a member's does not", async () => {
    const t = ctx();
    const s = await setup(t);
    const now = t.clock.now();
    await t.deps.db.insertInto('round_bets').values({
      league_id: s.leagueId, user_id: s.begona.id, league_rule_id: s.cup.ruleIds[ROUND.SEMI_FINALS], team_id: s.cup.teamIds[0], points: 4, updated_at: now,
    }).execute();
    const { id: personId } = await t.deps.db.insertInto('people').values({ name: 'Íñigo Martínez', team_id: s.cup.teamIds[0], external_key: null })
      .returning('id').executeTakeFirstOrThrow();
    await t.deps.db.insertInto('person_bets').values({
      league_id: s.leagueId, user_id: s.begona.id, league_rule_id: s.cup.ruleIds[ROUND.TOP_SCORER], person_id: personId, points: null, updated_at: now,
    }).execute();
    const { id: questionId } = await t.deps.db.insertInto('bonus_questions').values({
      league_id: s.leagueId, text: '¿Cuántos goles?', kind: 'number', points: 3, deadline: now - 1000, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.deps.db.insertInto('bonus_answers').values({
      question_id: questionId, league_id: s.leagueId, user_id: s.begona.id, answer: '12', answer_key: '12', points: 3, updated_at: now,
    }).execute();

    const running = await csvOf(t, s.leagueId, s.owner.token);
    expect(running.body).not.toContain('Íñigo');
    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', s.cup.competitionId).execute();
    const owner = await csvOf(t, s.leagueId, s.owner.token);
    const blocks = owner.body.slice(1).trimEnd().split('\r\n\r\n');
    expect(blocks).toHaveLength(5);
    expect(blocks[2]).toMatch(/^Member,Round,Team,Points\r\nBegoña Núñez,.+,.+,4$/);
    expect(blocks[3]).toMatch(/^Member,Round,Player,Points\r\nBegoña Núñez,.+,Íñigo Martínez,$/);
    expect(blocks[4]).toBe('Question,Member,Answer,Points\r\n¿Cuántos goles?,Begoña Núñez,12,3');
    const member = await csvOf(t, s.leagueId, s.begona.token);
    expect(member.body.slice(1).trimEnd().split('\r\n\r\n')).toHaveLength(2);
  });

  it('is described in the OpenAPI document as a text/csv answer', async () => {
    const t = ctx();
    const doc = (await call(t.app, { method: 'GET', url: '/api/v1/openapi.json' })).data;
    const [, operation] = Object.entries(doc.paths).find(([path]) => path.endsWith('/leagues/export/{id}'))! as [string, any];
    expect(Object.keys(operation.get.responses[200].content)).toEqual(['text/csv']);
    expect(Object.keys(operation.get.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
  });

  it('counts exports per account: the eleventh within a quarter of an hour is a 429 with Retry-After', async () => {
    const t = ctx();
    const s = await setup(t);
    for (let i = 0; i < 10; i += 1) expect((await csvOf(t, s.leagueId, s.begona.token)).statusCode).toBe(200);
    const refused = await csvOf(t, s.leagueId, s.begona.token, 'es');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.data.error).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo');
    // Another member's quota is their own.
    expect((await csvOf(t, s.leagueId, s.owner.token)).statusCode).toBe(200);
  });
});
