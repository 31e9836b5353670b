import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague } from '../resultBets/testing/betsTestFixture';
import { pendingBetsByUser } from '../../domain/reminders/pendingBets';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;

async function setup(t: TestApp) {
  const { db } = t.deps;
  const start = t.clock.now() + 3 * HOUR;
  const cup = await createCup(db, { start });
  const ana = await createUserWithToken(t.deps, { name: 'Ana' });
  const ben = await createUserWithToken(t.deps, { name: 'Ben' });
  const lazy = await createUserWithToken(t.deps, { name: 'Lazy' });
  const leagueId = await createLeague(db, { competitionId: cup.competitionId, ownerId: ana.id, name: 'Office', members: [{ id: ana.id }, { id: ben.id }] });
  const md1 = await db.selectFrom('matches').select('id').where('competition_id', '=', cup.competitionId).where('matchday', '=', 1).orderBy('id').execute();
  return { start, cup, ana, ben, lazy, leagueId, md1: md1.map((m) => m.id) };
}

const alerts = (t: TestApp, token?: string, locale = 'en') => call(t.app, { method: 'GET', url: `/api/v1/${locale}/alerts/index`, token });

describeEachDb('alerts', (ctx) => {
  it('visitors and users without leagues get none', async () => {
    const s = await setup(ctx());
    expect((await alerts(ctx())).data).toEqual([]);
    expect((await alerts(ctx(), s.lazy.token)).data).toEqual([]);
  });

  it('one alert per league and matchday for unfilled bets closing within 72 hours, plus incomplete picks', async () => {
    const s = await setup(ctx());
    await ctx().deps.db.insertInto('result_bets').values(await withMatchCompetitions(ctx().deps.db, s.md1.slice(0, 2).map((match_id) => ({
      league_id: s.leagueId, user_id: s.ana.id, match_id, local_goals: 1, visiting_goals: 0, updated_at: 0,
    })))).execute();
    const res = await alerts(ctx(), s.ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual([
      { alert_type: 2, message: 'Semi-finals: 4 teams still to pick before the deadline', league_id: s.leagueId, league_name: 'Office', matchday: 1 },
      { alert_type: 3, message: 'Top scorer: 1 players still to pick before the deadline', league_id: s.leagueId, league_name: 'Office', matchday: 1 },
      { alert_type: 1, message: '2 matches without a bet (Matchday 1)', league_id: s.leagueId, league_name: 'Office', matchday: 1 },
      { alert_type: 1, message: '4 matches without a bet (Matchday 2)', league_id: s.leagueId, league_name: 'Office', matchday: 2 },
      { alert_type: 1, message: '4 matches without a bet (Matchday 3)', league_id: s.leagueId, league_name: 'Office', matchday: 3 },
    ]);
    const es = await alerts(ctx(), s.ana.token, 'es');
    expect(es.data[2].message).toBe('2 partidos sin apuesta (Jornada 1)');
    expect(es.data[0].message).toBe('Semifinales: quedan 4 equipos por elegir antes del cierre');
  });

  it('closed deadlines and completed picks stop alerting', async () => {
    const s = await setup(ctx());
    const { db } = ctx().deps;
    const semiTeams = s.cup.teamIds.slice(0, 4);
    await db.insertInto('round_bets').values(semiTeams.map((team_id) => ({
      league_id: s.leagueId, user_id: s.ana.id, league_rule_id: s.cup.ruleIds[6], team_id, updated_at: 0,
    }))).execute();
    let types = (await alerts(ctx(), s.ana.token)).data.map((a: any) => [a.alert_type, a.matchday]);
    expect(types).toEqual([[1, 1], [3, 1], [1, 2], [1, 3]]);
    // One second after the first deadline: matchday 1 (group A) and the pre-tournament picks are closed, and the
    // window now reaches the semi-finals (matchday 4) and the final picks that lock before them.
    ctx().clock.set(s.start - BET_LOCK_MS + 1000);
    types = (await alerts(ctx(), s.ana.token)).data.map((a: any) => [a.alert_type, a.matchday]);
    expect(types).toEqual([[1, 1], [1, 2], [1, 3], [1, 4], [2, 4]]);
    expect((await alerts(ctx(), s.ana.token)).data[0].message).toBe('2 matches without a bet (Matchday 1)');
    // Matchday 4 is the semi-finals: its alert names the round, never "matchday 4".
    const semis = (data: { alert_type: number; matchday: number; message: string }[]) => data.find((a) => a.alert_type === 1 && a.matchday === 4)?.message;
    expect(semis((await alerts(ctx(), s.ana.token)).data)).toBe('1 match without a bet (Semi-finals)');
    expect(semis((await alerts(ctx(), s.ana.token, 'es')).data)).toBe('1 partido sin apuesta (Semifinales)');
  });

  it('pendingBetsByUser lists every member with something pending', async () => {
    const s = await setup(ctx());
    const pending = await pendingBetsByUser(ctx().deps.db, ctx().clock.now(), 30 * HOUR);
    expect(pending).toEqual([s.ana.id, s.ben.id].sort((a, b) => a - b).map((user_id) => ({
      user_id, missing_results: 8, missing_picks: 5, league_ids: [s.leagueId],
    })));
    expect(await pendingBetsByUser(ctx().deps.db, ctx().clock.now(), 60_000)).toEqual([]);
  });
});
