import { oddsPoints } from '../../../shared/domain/scoring';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { settleResultJobs } from '../../domain/resultJobs/testing/settleResultJobs';
import { CUP_START, api, createLeague, leagueWithMember, leagueWorld } from '../leagues/testing/leagueTestKit';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ODDS = { mode: 'odds', tendency: 1, goal_difference: 1, exact: 2, local_goals: 0, visiting_goals: 0, quote_max: 10 };

type Row = { match_id: number; home: number; draw: number; away: number; sealed: boolean; through: unknown; ratings: { local: number; visiting: number } };
const read = (t: TestApp, leagueId: number, token: string | null, query = '', locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'GET', url: api(`/fair_odds/${leagueId}${query}`, locale), token });

describeEachDb('fair odds route and odds leagues', (ctx) => {
  it('members and global admins read the chances of a matchday or a match; others are refused, bad queries answered 400 in their language', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w);
    const res = await read(t, league.id, w.member.token, '?matchday=1');
    expect(res.statusCode).toBe(200);
    const rows = res.data.matches as Row[];
    // Matchday 1: two matches in each group, teams known.
    expect(rows.map((r) => r.match_id)).toEqual([w.cup.groupMatchIds[0], w.cup.groupMatchIds[1], w.cup.groupMatchIds[6], w.cup.groupMatchIds[7]]);
    for (const row of rows) {
      expect(row.home + row.draw + row.away).toBe(10_000);
      // Clubs the ratings do not know start level: the home side is the favourite by its home advantage alone.
      expect(row.home).toBeGreaterThan(row.away);
      expect(row).toMatchObject({ sealed: false, through: null });
      expect(row.ratings.local).toBe(row.ratings.visiting);
    }
    expect(res.data.ratings_as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const one = await read(t, league.id, w.admin.token, `?match_id=${w.cup.groupMatchIds[0]}`);
    expect(one.data.matches).toEqual([rows[0]]);
    // Knockout matches whose teams are not known yet have no chances.
    expect((await read(t, league.id, w.owner.token, `?match_id=${w.cup.knockoutMatchIds[0]}`)).data.matches).toEqual([]);

    expect((await read(t, league.id, w.other.token)).statusCode).toBe(403);
    expect((await read(t, 999_999, w.member.token)).statusCode).toBe(404);
    expect((await read(t, league.id, null)).statusCode).toBe(401);
    const bad = await read(t, league.id, w.member.token, '?matchday=0', 'es');
    expect(bad.statusCode).toBe(400);
    expect(bad.data.error).toBe('La petición no es válida');
    expect((await read(t, league.id, w.member.token, '?match_id=abc')).statusCode).toBe(400);
    expect((await read(t, league.id, w.member.token, '?sort=home')).statusCode).toBe(400);
  });

  it('the chances are sealed at each league\'s own deadline', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const early = await createLeague(t, w.owner, { name: 'Early', competition_id: w.cup.competitionId, bet_deadline_minutes: 60 });
    const late = await createLeague(t, w.owner, { name: 'Late', competition_id: w.cup.competitionId, bet_deadline_minutes: 5 });
    t.clock.set(CUP_START - 30 * MINUTE);
    const first = `?match_id=${w.cup.groupMatchIds[0]}`;
    const [a, b] = [(await read(t, early.id, w.owner.token, first)).data.matches[0], (await read(t, late.id, w.owner.token, first)).data.matches[0]];
    expect([a.sealed, b.sealed]).toEqual([true, false]);
    expect(new Date(a.deadline).getTime()).toBe(CUP_START - HOUR);
    expect({ home: a.home, draw: a.draw, away: a.away }).toEqual({ home: b.home, draw: b.draw, away: b.away });
  });

  it('a league taking up the odds in a competition under way seals the deadlines already passed and logs them with its settings', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const classic = await leagueWithMember(t, w, { editable_after_start: true });
    t.clock.set(CUP_START + HOUR); // group A's first matches have kicked off, group B's not yet
    const odds = await createLeague(t, w.owner, { name: 'Odds later', competition_id: w.cup.competitionId, scoring: ODDS });
    const sealedOf = async (leagueId: number) => (await t.deps.db.selectFrom('league_match_odds').select('match_id')
      .where('league_id', '=', leagueId).orderBy('match_id').execute()).map((r) => Number(r.match_id));
    const loggedOf = async (leagueId: number, token: string) => {
      const log = await call(t.app, { method: 'GET', url: api(`/leagues/log/${leagueId}`), token });
      return (log.data.entries as { action: string; details: { match_id: number } }[]).filter((e) => e.action === 'odds.sealed').map((e) => e.details.match_id).sort((x, y) => x - y);
    };
    const groupA = [w.cup.groupMatchIds[0], w.cup.groupMatchIds[1]];
    expect(await sealedOf(odds.id)).toEqual(groupA);
    expect(await loggedOf(odds.id, w.owner.token)).toEqual(groupA);

    expect(await sealedOf(classic.id)).toEqual([]);
    const bad = await call(t.app, { method: 'PUT', url: api(`/leagues/${classic.id}`), token: w.owner.token, payload: { league: { scoring: { ...ODDS, tendency: 5, quote_max: 4 } } } });
    expect(bad.statusCode).toBe(400);
    expect(await sealedOf(classic.id)).toEqual([]);
    const switched = await call(t.app, { method: 'PUT', url: api(`/leagues/${classic.id}`), token: w.owner.token, payload: { league: { scoring: ODDS } } });
    expect(switched.statusCode).toBe(200);
    expect(await sealedOf(classic.id)).toEqual(groupA);
    expect(await loggedOf(classic.id, w.member.token)).toEqual(groupA);
  });

  it('an odds league scores a right tendency by its sealed chance, explains it, and shows what each outcome earns', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    const league = await leagueWithMember(t, w, { scoring: ODDS });
    const matchId = w.cup.groupMatchIds[0];
    const bets = (await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=1`), token: w.member.token })).data as { id: number; match_id: number }[];
    const betId = bets.find((b) => b.match_id === matchId)!.id;
    expect((await call(t.app, { method: 'POST', url: api('/result_bets/update_result_bet'), token: w.member.token,
      payload: { result_bet_id: betId, local_goals: 0, visiting_goals: 1 } })).statusCode).toBe(200);
    const [chances] = (await read(t, league.id, w.member.token, `?match_id=${matchId}`)).data.matches as Row[];

    t.clock.set(CUP_START + 3 * HOUR);
    expect((await call(t.app, { method: 'PUT', url: api(`/matches/${matchId}`), token: w.admin.token,
      payload: { match: { status: 'finished', local_goals: 1, visiting_goals: 2 } } })).statusCode).toBe(200);
    await settleResultJobs(t.deps);
    const away = oddsPoints(1, chances.away, 10);
    expect(away).toBeGreaterThan(2);
    const scored = (await call(t.app, { method: 'GET', url: api(`/result_bets/index/${league.id}?matchday=1`), token: w.member.token })).data as { id: number; points: number }[];
    // The away win at its sealed chance, plus the goal difference.
    expect(scored.find((b) => b.id === betId)!.points).toBe(away + 1);
    const info = (await call(t.app, { method: 'GET', url: api(`/result_bets/points_info/${betId}`, 'es'), token: w.member.token })).data;
    expect(info.legend[0]).toEqual({ description: `El modelo daba victoria visitante un ${Math.round(chances.away / 100)} %: ${away} puntos`, points: away, max_points: 10 });
    const split = (await call(t.app, { method: 'GET', url: api(`/result_bets/distribution/${league.id}/${matchId}`), token: w.owner.token })).data;
    expect(split.quote).toEqual({ home: oddsPoints(1, chances.home, 10), draw: oddsPoints(1, chances.draw, 10), away });
  });
});
