import { ROUND } from '../../../shared/domain/rounds';
import type { TestApp } from '../../testing/harness';
import { call, describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { DAY, MINUTE, addMember, api, fillPerson, fillRound, insertLeague } from './testing/pickTestFixtures';

/** A league competition of 4 teams and 3 matchdays a day apart, starting one day after the clock. */
async function leagueSeason(t: TestApp) {
  const db = t.deps.db;
  const now = t.clock.now();
  const start = now + DAY;
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Liga', competition_type: 'league', provider: 'manual', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  const teams: number[] = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    const { id } = await db.insertInto('teams').values({ team_name: name, abbreviation: name.slice(0, 3), flag: null, external_key: `season:${name}` }).returning('id').executeTakeFirstOrThrow();
    teams.push(id);
    await db.insertInto('competition_teams').values({ competition_id: competitionId, team_id: id }).execute();
  }
  const pairs = [[0, 1, 1], [2, 3, 1], [0, 2, 2], [1, 3, 2], [0, 3, 3], [1, 2, 3]];
  for (const [l, v, matchday] of pairs) {
    await db.insertInto('matches').values({
      competition_id: competitionId, round_id: ROUND.REGULAR_SEASON, matchday, local_team_id: teams[l], visiting_team_id: teams[v],
      date: start + (matchday - 1) * DAY, updated_at: now,
    }).execute();
  }
  const rules: Record<number, number> = {};
  for (const [roundId, picks, pph] of [[ROUND.LEAGUE_CHAMPION, 1, 10], [ROUND.EUROPEAN_PLACES, 2, 3], [ROUND.RELEGATION, 1, 3], [ROUND.TOP_SCORER, 2, 1]]) {
    rules[roundId] = (await db.insertInto('league_rules').values({ competition_id: competitionId, round_id: roundId, picks, points_per_hit: pph }).returning('id').executeTakeFirstOrThrow()).id;
  }
  return { competitionId, teams, rules, start };
}

describeEachDb('picks of a league competition', (ctx) => {
  it('offers champion, European places, relegation and top scorer, locking at the league\'s first counted matchday', async () => {
    const t = ctx();
    const season = await leagueSeason(t);
    const user = await createUserWithToken(t.deps, { name: 'Dani' });
    const leagueId = await insertLeague(t.deps.db, season.competitionId, user.id, { start_matchday: 2 });
    await addMember(t.deps.db, leagueId, user.id);
    const index = await call(t.app, { method: 'GET', url: api(`/round_bets/index/${leagueId}`), token: user.token });
    const deadline = new Date(season.start + DAY - 5 * MINUTE).toISOString();
    expect(index.data.map((r: { league_rule: { round_id: number }; deadline: string }) => [r.league_rule.round_id, r.deadline]))
      .toEqual([[ROUND.EUROPEAN_PLACES, deadline], [ROUND.RELEGATION, deadline], [ROUND.LEAGUE_CHAMPION, deadline]]);
    const eligible = await call(t.app, { method: 'GET', url: api(`/round_bets/elegible_team_ids/${leagueId}/${season.rules[ROUND.RELEGATION]}/${user.id}`), token: user.token });
    expect(eligible.data).toEqual([...season.teams].sort((a, b) => a - b));

    // Matchday 1 has been played, but this league counts from matchday 2.
    t.clock.set(season.start + DAY - 5 * MINUTE - 1000);
    const fresh = await createUserWithToken(t.deps, { name: 'Eva' });
    await addMember(t.deps.db, leagueId, fresh.id);
    const body = { league_id: leagueId, league_rule_id: season.rules[ROUND.LEAGUE_CHAMPION], team_id: season.teams[1], user_id: fresh.id, mode: 0 };
    expect((await fillRound(t, fresh.token, body)).statusCode).toBe(200);
    const { id: personId } = await t.deps.db.insertInto('people').values({ name: 'Striker', team_id: season.teams[0], external_key: null }).returning('id').executeTakeFirstOrThrow();
    const personBody = { league_id: leagueId, league_rule_id: season.rules[ROUND.TOP_SCORER], person_id: personId, user_id: fresh.id, mode: 0 };
    const person = await fillPerson(t, fresh.token, personBody);
    expect(person.statusCode).toBe(200);
    expect(person.data.deadline).toBe(deadline);
    t.clock.set(season.start + DAY - 5 * MINUTE + 1000);
    expect((await fillRound(t, fresh.token, body, 'clear')).statusCode).toBe(400);
    expect((await fillPerson(t, fresh.token, personBody, 'clear')).statusCode).toBe(400);
  });
});
