import { call, describeEachDb } from '../../testing/harness';
import { addMember, api, fillPerson, fillRound, insertLeague, pickWorld, ROUND, ruleOf } from '../picks/testing/pickTestFixtures';

// Many concurrent requests on real databases, on a shared 2-core machine: allow more than jest's default 5 s.
jest.setTimeout(60_000);

describeEachDb('copy_bets and pick writes at the same time', (ctx) => {
  it('never leave more picks than the rule allows, and never answer 500', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const { db } = t.deps;
    const semis = ruleOf(w, ROUND.SEMI_FINALS);
    const scorer = ruleOf(w, ROUND.TOP_SCORER);
    await db.updateTable('league_rules').set({ picks: 2 }).where('id', '=', semis).execute();
    const people = await db.insertInto('people').values(w.cup.teamIds.slice(0, 4).map((team, i) => ({ name: `Striker ${i}`, team_id: team, external_key: null })))
      .returning('id').execute();
    // Three leagues of the same cup the member copies from, each with a full set of picks (overlapping teams).
    const sources: number[] = [];
    for (let s = 0; s < 3; s += 1) {
      const id = await insertLeague(db, w.cup.competitionId, w.owner.id);
      await addMember(db, id, w.member.id);
      await db.insertInto('round_bets').values([s, s + 1].map((i) => ({
        league_id: id, user_id: w.member.id, league_rule_id: semis, team_id: w.cup.teamIds[i], updated_at: 0,
      }))).execute();
      await db.insertInto('person_bets').values({ league_id: id, user_id: w.member.id, league_rule_id: scorer, person_id: people[s].id, updated_at: 0 }).execute();
      sources.push(id);
    }
    const pick = { league_id: w.leagueId, user_id: w.member.id, mode: 0 };
    const copy = (source: number) => call(t.app, {
      method: 'POST', url: api('/result_bets/copy_bets'), token: w.member.token, payload: { league_id: w.leagueId, league_id_to_copy: source },
    });
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        ...sources.flatMap((source) => [copy(source), copy(source)]),
        ...w.cup.teamIds.slice(3, 7).map((team) => fillRound(t, w.member.token, { ...pick, league_rule_id: semis, team_id: team })),
        fillPerson(t, w.member.token, { ...pick, league_rule_id: scorer, person_id: people[3].id }),
      ]);
      expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 400).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
      const semiPicks = await db.selectFrom('round_bets').select('team_id').where('league_id', '=', w.leagueId)
        .where('user_id', '=', w.member.id).where('league_rule_id', '=', semis).where('mode', '=', 0).execute();
      expect(semiPicks.length).toBeLessThanOrEqual(2);
      const scorerPicks = await db.selectFrom('person_bets').select('person_id').where('league_id', '=', w.leagueId)
        .where('user_id', '=', w.member.id).where('league_rule_id', '=', scorer).where('mode', '=', 0).execute();
      expect(scorerPicks.length).toBeLessThanOrEqual(1);
    }
  });
});
