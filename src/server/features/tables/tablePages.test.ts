import { PAGED_TABLE_FROM, TABLE_PAGE_ROWS } from '../../../shared/api/routes/tables';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { rankLeagueTable, storedStandings } from '../../domain/standings/leagueTable';
import { withMatchCompetitions } from '../../testing/betCompetitions';
import { applyResults } from '../../domain/resultJobs/applyResults';
import { runResultJobs } from '../../domain/resultJobs/resultJobWorker';
import { streamStandings } from '../live/streamStandings';

const HOUR = 3_600_000;
const MEMBERS = PAGED_TABLE_FROM + 100;

/**
 * A league just over the paging size: members named so that Spanish and English list ties differently (ñ after n
 * in Spanish only), bets giving a handful of totals (many ties), one member (the caller) far down the table.
 */
async function bigLeague(t: TestApp, tieBreaks: string[] = []) {
  const { db } = t.deps;
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(db, { start });
  const caller = await createUserWithToken(t.deps, { name: 'Caller' });
  // Tables list ties in the reader's own language.
  const spanish = await createUserWithToken(t.deps, { name: 'Spanish reader', locale: 'es' });
  const names = Array.from({ length: MEMBERS - 2 }, (_, i) => `${['Ña', 'Nb', 'Ana', 'Óscar', 'Oz'][i % 5]} ${Math.floor(i / 5) % 7}`);
  const others = await db.insertInto('users').values(names.map((name, i) => ({
    name, email: `paged${i}@example.com`, password_hash: 'x', is_admin: 0, locale: 'en', email_reminders: 0, created_at: 0, updated_at: 0,
  }))).returning('id').execute();
  const memberIds = [caller.id, spanish.id, ...others.map((u) => Number(u.id))];
  const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: caller.id, members: memberIds.map((id, i) => ({ id, department: i % 3 === 0 ? 'Sales' : 'IT' })) });
  await db.updateTable('leagues').set({ tie_breaks: JSON.stringify(tieBreaks) }).where('id', '=', leagueId).execute();
  const matches = await db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', cup.competitionId).orderBy('date').orderBy('id').execute();
  const md1 = matches.filter((m) => m.matchday === 1).map((m) => m.id);
  const bets = memberIds.slice(2).flatMap((userId, i) => [
    { league_id: leagueId, user_id: userId, match_id: md1[0], local_goals: i % 3, visiting_goals: 0, updated_at: 0 },
    { league_id: leagueId, user_id: userId, match_id: md1[1], local_goals: i % 4 === 0 ? 1 : 0, visiting_goals: i % 2, updated_at: 0 },
  ]);
  for (let i = 0; i < bets.length; i += 400) await db.insertInto('result_bets').values(await withMatchCompetitions(db, bets.slice(i, i + 400))).execute();
  t.clock.set(start + 4 * HOUR);
  for (const id of md1) await finishMatch(db, id, 1, 0);
  await recomputeAfterResults(db, cup.competitionId, md1);
  return { cup, leagueId, caller, spanish, memberIds, md1 };
}

/** The caller's bet (4-4) on the first match of matchday 2, the only bet on it; that matchday's matches. */
async function callerBetsOnMatchdayTwo(t: TestApp, s: Awaited<ReturnType<typeof bigLeague>>) {
  const md2 = await t.deps.db.selectFrom('matches').select('id').where('competition_id', '=', s.cup.competitionId).where('matchday', '=', 2).execute();
  await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, [
    { league_id: s.leagueId, user_id: s.caller.id, match_id: md2[0].id, local_goals: 4, visiting_goals: 4, updated_at: 0 },
  ])).execute();
  return md2;
}

const read = (t: TestApp, token: string, leagueId: number, query = '', locale = 'en') =>
  call(t.app, { method: 'GET', url: `/api/v1/${locale}/leagues/users_league_table/${leagueId}${query}`, token });

/** The whole table as the domain ranks it, to hold the pages against (as the route sends it: schema fields only). */
async function wholeTable(t: TestApp, leagueId: number, competitionId: number, locale: 'en' | 'es') {
  const league = { id: leagueId, competition_id: competitionId };
  const table = await rankLeagueTable(t.deps, { id: 0, locale }, league, undefined, await storedStandings(t.deps, league));
  return { ...table, users: table.users.map(({ matchdays: _packed, ...row }: any) => row as typeof table.users[number]) };
}

async function allPages(t: TestApp, token: string, leagueId: number, locale: string, limit: number) {
  const rows: any[] = [];
  for (let offset = 0; offset < MEMBERS; offset += limit) {
    const res = await read(t, token, leagueId, `?offset=${offset}&limit=${limit}`, locale);
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ offset, total_users: MEMBERS });
    rows.push(...res.data.users);
  }
  return rows;
}

describeEachDb('a big league\'s table, a page at a time', (ctx) => {
  it('pages list the whole table\'s rows with its positions, in each language, with the caller\'s own row', async () => {
    const s = await bigLeague(ctx(), ['exact_hits']);
    for (const [locale, reader] of [['en', s.caller], ['es', s.spanish]] as const) {
      const whole = await wholeTable(ctx(), s.leagueId, s.cup.competitionId, locale);
      const pages = await allPages(ctx(), reader.token, s.leagueId, locale, 200);
      expect(pages).toEqual(whole.users);
      const first = await read(ctx(), reader.token, s.leagueId, '', locale);
      expect(first.data.users).toHaveLength(TABLE_PAGE_ROWS);
      expect(first.data.own_row).toEqual(whole.users.find((r) => r.user_id === reader.id));
      expect(first.data.departments).toEqual(whole.departments);
      // Matchday winners: those among the rows sent (a big league's matchday can have thousands).
      const sent = new Set([...first.data.users, first.data.own_row].map((r: any) => r.user_id));
      const far = await read(ctx(), reader.token, s.leagueId, '?offset=400', locale);
      expect(far.data.matchday_winner_ids.length).toBeLessThan(whole.matchday_winner_ids.length);
      expect(first.data.matchday_winner_ids).toEqual(whole.matchday_winner_ids.filter((id) => sent.has(id)));
      expect(first.data.matchday_winners).toEqual(whole.matchday_winners.map((d) => ({ ...d, user_ids: d.user_ids.filter((id) => sent.has(id)) })));
    }
    // The languages really list ties differently here, so each language's order was checked above.
    const [en, es] = await Promise.all((['en', 'es'] as const).map((l) => wholeTable(ctx(), s.leagueId, s.cup.competitionId, l)));
    expect(en.users.map((r) => r.user_id)).not.toEqual(es.users.map((r) => r.user_id));
  });

  it('a past matchday\'s own table comes a page at a time: members by their points in it, ties sharing a position', async () => {
    const t = ctx();
    const s = await bigLeague(t);
    // Matchday 2 is played with one bet on it, the caller's: matchday 1's table is now a past one.
    const md2 = await callerBetsOnMatchdayTwo(t, s);
    for (const m of md2) await finishMatch(t.deps.db, m.id, 4, 4);
    await recomputeAfterResults(t.deps.db, s.cup.competitionId, md2.map((m) => m.id));
    const whole = await wholeTable(t, s.leagueId, s.cup.competitionId, 'en');
    const dayPoints = (row: { points_by_matchday: Record<string, number> }, day: number) => row.points_by_matchday[day] ?? 0;

    for (const day of [1, 2]) {
      const rows: any[] = [];
      for (let offset = 0; offset < MEMBERS; offset += 200) {
        const res = await read(t, s.caller.token, s.leagueId, `?matchday=${day}&order=matchday&offset=${offset}&limit=200`);
        expect(res.statusCode).toBe(200);
        expect(res.data).toMatchObject({ offset, total_users: MEMBERS, matchday: day });
        rows.push(...res.data.users);
      }
      // Every member once, best of the matchday first, each at one plus those who scored more in it.
      expect(rows.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(whole.users.map((r) => r.user_id).sort((a, b) => a - b));
      for (const row of rows) {
        const mine = dayPoints(row, day);
        expect(row.points_matchday).toBe(mine);
        expect(row.position).toBe(1 + whole.users.filter((other) => dayPoints(other, day) > mine).length);
        // The totals are the table's, unchanged.
        expect(row.points).toBe(whole.users.find((r) => r.user_id === row.user_id)!.points);
      }
      expect(rows.map((r) => r.position)).toEqual([...rows.map((r) => r.position)].sort((a, b) => a - b));
    }
    const secondDay = await read(t, s.caller.token, s.leagueId, '?matchday=2&order=matchday&limit=5');
    expect(secondDay.data.users[0]).toMatchObject({ user_id: s.caller.id, position: 1 });
    expect(secondDay.data.own_row).toMatchObject({ user_id: s.caller.id, position: 1 });
    // The first matchday's best scorers tie at the top, and the caller (no bet on it) shares the last position.
    const firstDay = await read(t, s.caller.token, s.leagueId, '?matchday=1&order=matchday&limit=5');
    expect(firstDay.data.users[1].position).toBe(1);
    expect(firstDay.data.own_row.position).toBe(1 + whole.users.filter((r) => dayPoints(r, 1) > 0).length);
  });

  it('a result moves the pages to the new table, never a mix of before and after', async () => {
    const t = ctx();
    const s = await bigLeague(t);
    const before = await read(t, s.caller.token, s.leagueId, '?limit=5');
    expect(before.data.own_row.points).toBe(0);
    // The caller bets on matchday 2 and it is played: their row and the positions change together.
    const md2 = await callerBetsOnMatchdayTwo(t, s);
    for (const m of md2) await finishMatch(t.deps.db, m.id, 4, 4);
    await recomputeAfterResults(t.deps.db, s.cup.competitionId, md2.map((m) => m.id));
    const after = await read(t, s.caller.token, s.leagueId, '?limit=5');
    expect(after.statusCode).toBe(200);
    const whole = await wholeTable(t, s.leagueId, s.cup.competitionId, 'en');
    expect(after.data.users).toEqual(whole.users.slice(0, 5));
    expect(after.data.own_row).toEqual(whole.users.find((r) => r.user_id === s.caller.id));
    expect(after.data.own_row.points).toBeGreaterThan(0);
    expect(after.data.own_row.position).toBeLessThan(before.data.own_row.position);
    expect(after.data.last_played_matchday).toBe(2);
  });

  it('after a result job, the first read shows the table the job ranked, whatever page it asks for', async () => {
    const t = ctx();
    const s = await bigLeague(t);
    const md2 = await callerBetsOnMatchdayTwo(t, s);
    await t.deps.db.transaction().execute(async (trx) => {
      for (const m of md2) await finishMatch(trx, m.id, 4, 4);
      await applyResults(trx, { competitionId: s.cup.competitionId, matchIds: md2.map((m) => m.id), trigger: 'manual', now: t.clock.now() });
    });
    await runResultJobs(t.deps);
    const whole = await wholeTable(t, s.leagueId, s.cup.competitionId, 'en');
    for (const offset of [0, 300, MEMBERS - 7]) {
      const page = await read(t, s.caller.token, s.leagueId, `?offset=${offset}&limit=20`);
      expect(page.data.users).toEqual(whole.users.slice(offset, offset + 20));
      expect(page.data.own_row).toEqual(whole.users.find((r) => r.user_id === s.caller.id));
    }
    expect(whole.users.find((r) => r.user_id === s.caller.id)!.points_by_matchday).toEqual({ 2: expect.any(Number) });
  });

  it('an offset past the end is an empty page; a hostile offset or limit is a 400 and never a 500', async () => {
    const s = await bigLeague(ctx());
    const past = await read(ctx(), s.caller.token, s.leagueId, '?offset=100000');
    expect(past.statusCode).toBe(200);
    expect(past.data).toMatchObject({ users: [], offset: 100000, total_users: MEMBERS });
    expect(past.data.own_row.user_id).toBe(s.caller.id);
    for (const query of ['?offset=-1', '?limit=0', '?limit=201', '?offset=1.5', '?offset=abc', '?offset=10000001', '?limit=9999999999999999999']) {
      const res = await read(ctx(), s.caller.token, s.leagueId, query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.data.error).toEqual(expect.any(String));
    }
  });

  it('its live stream sends the first page of the stored table, never every member\'s row', async () => {
    const s = await bigLeague(ctx());
    const event = await streamStandings(ctx().deps, s.leagueId, 'es');
    const whole = await wholeTable(ctx(), s.leagueId, s.cup.competitionId, 'es');
    expect(event).toMatchObject({ league_id: s.leagueId, provisional: false, live_match_ids: [] });
    expect(event!.table).toMatchObject({ offset: 0, total_users: MEMBERS, own_row: null });
    expect(event!.table.users).toEqual(whole.users.slice(0, TABLE_PAGE_ROWS));
  });

  it('a stranger is refused as before; the simulation of a big league is paged too', async () => {
    const s = await bigLeague(ctx());
    const stranger = await createUserWithToken(ctx().deps, { name: 'Stranger' });
    expect((await read(ctx(), stranger.token, s.leagueId)).statusCode).toBe(403);
    const simulation = await read(ctx(), s.caller.token, s.leagueId, '?mode=1&limit=3');
    expect(simulation.statusCode).toBe(200);
    expect(simulation.data).toMatchObject({ offset: 0, total_users: MEMBERS });
    expect(simulation.data.users).toHaveLength(3);
    expect(simulation.data.own_row.user_id).toBe(s.caller.id);
  });
});
