import { ROUND } from '../../../shared/domain/rounds';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { UTF8_BOM } from './csv';
import { takeExportSlot } from './exportSlot';
import { leagueCsv } from './leagueCsv';
import { refreshLeagueStandings } from '../../domain/rescoring/recompute';
import { rankLeagues } from '../../domain/standings/rankLeagues';

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

  it('makes one league export at a time per process: another one meanwhile is a translated 503 with Retry-After', async () => {
    const t = ctx();
    const s = await setup(t);
    const release = takeExportSlot(t.deps); // an export being made, as a slow download holds it
    const busy = await csvOf(t, s.leagueId, s.begona.token, 'es');
    expect([busy.statusCode, busy.headers['retry-after'], busy.data.error])
      .toEqual([503, '30', 'Este servidor está preparando otra exportación de liga. Inténtalo de nuevo en un minuto']);
    expect((await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/archive/${s.leagueId}`, token: s.owner.token })).statusCode).toBe(503);
    // Who may read the league is answered first: an outsider learns nothing about exports under way.
    expect((await csvOf(t, s.leagueId, s.outsider.token)).statusCode).toBe(403);
    release();
    expect((await csvOf(t, s.leagueId, s.begona.token)).statusCode).toBe(200);
    expect((await csvOf(t, s.leagueId, s.begona.token)).statusCode).toBe(200);
  });

  it('gives the slot back when the reader goes away before the end', async () => {
    const t = ctx();
    const s = await setup(t);
    const begona = { id: s.begona.id, name: 'Begoña Núñez', email: s.begona.email, is_admin: false, locale: 'en' as const, sessionId: '', email_verified: true, email_reminders: false, ranking_hidden: false };
    const { stream } = await leagueCsv(t.deps, begona, s.leagueId, (key) => key);
    stream.destroy();
    const started = Date.now();
    for (;;) {
      try {
        takeExportSlot(t.deps)();
        break;
      } catch (error) {
        if (Date.now() - started > 2000) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  });

  it("writes a big league's table page by page from its ranked table, every member once, as the table screen ranks it", async () => {
    const t = ctx();
    const s = await setup(t);
    const now = t.clock.now();
    const many = 2_100;
    const ids: number[] = [];
    for (let from = 0; from < many; from += 500) {
      const rows = await t.deps.db.insertInto('users').values(Array.from({ length: Math.min(500, many - from) }, (_, i) => ({
        name: `Fan ${String(from + i).padStart(4, '0')}`, email: `fan${from + i}@example.com`, password_hash: 'x', locale: 'en', created_at: now, updated_at: now,
      }))).returning('id').execute();
      ids.push(...rows.map((row) => Number(row.id)));
    }
    for (let from = 0; from < many; from += 500) {
      await t.deps.db.insertInto('league_members').values(ids.slice(from, from + 500).map((id) => ({ league_id: s.leagueId, user_id: id, joined_at: now }))).execute();
      await t.deps.db.insertInto('result_bets').values(ids.slice(from, from + 500).map((id) => ({
        competition_id: s.cup.competitionId, league_id: s.leagueId, user_id: id, match_id: s.first, local_goals: id % 3, visiting_goals: 1, updated_at: 0,
      }))).execute();
    }
    await t.deps.db.transaction().execute(async (trx) => {
      await refreshLeagueStandings(trx, s.leagueId);
      await rankLeagues(trx, { competitionId: s.cup.competitionId, leagueId: s.leagueId });
    });
    const res = await csvOf(t, s.leagueId, s.begona.token);
    expect(res.statusCode).toBe(200);
    const table = res.body.slice(1).split('\r\n\r\n')[0]!.split('\r\n').slice(1);
    expect(table).toHaveLength(many + 3);
    const names = table.map((line) => line.split(',')[1]);
    expect(new Set(names).size).toBe(many + 3);
    const positions = table.map((line) => Number(line.split(',')[0]));
    expect(positions.every((p, i) => i === 0 || p >= positions[i - 1]!)).toBe(true);
    const screen = await call(t.app, { method: 'GET', url: `/api/v1/en/leagues/users_league_table/${s.leagueId}?offset=1990&limit=20`, token: s.begona.token });
    expect(table.slice(1990, 2010).map((line) => line.split(',').slice(0, 2).join(',')))
      .toEqual(screen.data.users.map((u: any) => `${u.position},${u.user_name}`));
  });
});
