import { ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import { describeEachDb } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { recomputePickPoints } from './pickScoring';
import { DAY, addMember, drawSemis, insertLeague, pickWorld, ruleOf, setResult } from '../../features/picks/testing/pickTestFixtures';

async function pick(db: Executor, table: 'round_bets' | 'person_bets', row: { league_id: number; user_id: number; league_rule_id: number; item: number; mode?: number }) {
  const { id } = table === 'round_bets'
    ? await db.insertInto('round_bets').values({ league_id: row.league_id, user_id: row.user_id, league_rule_id: row.league_rule_id, team_id: row.item, mode: row.mode ?? 0, points: null, updated_at: 0 }).returning('id').executeTakeFirstOrThrow()
    : await db.insertInto('person_bets').values({ league_id: row.league_id, user_id: row.user_id, league_rule_id: row.league_rule_id, person_id: row.item, mode: row.mode ?? 0, points: null, updated_at: 0 }).returning('id').executeTakeFirstOrThrow();
  return id;
}

const pointsOf = async (db: Executor, table: 'round_bets' | 'person_bets', id: number) =>
  (await db.selectFrom(table).select('points').where('id', '=', id).executeTakeFirstOrThrow()).points;

describeEachDb('pick scoring', (ctx) => {
  it('scores knockout rounds once their teams are known, and the champion after penalties', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const off = await insertLeague(t.deps.db, w.cup.competitionId, w.owner.id, { round_bets_enabled: 0, share_token: 'off' } as never);
    await addMember(t.deps.db, off, w.member.id);
    const [a1, a2, , , b1, b2] = w.cup.teamIds;
    const lg = w.leagueId;
    const u = w.member.id;
    const sfHit = await pick(t.deps.db, 'round_bets', { league_id: lg, user_id: u, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), item: a1 });
    const sfMiss = await pick(t.deps.db, 'round_bets', { league_id: lg, user_id: u, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), item: w.cup.teamIds[2] });
    const sfSim = await pick(t.deps.db, 'round_bets', { league_id: lg, user_id: u, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), item: a1, mode: 1 });
    const sfOff = await pick(t.deps.db, 'round_bets', { league_id: off, user_id: u, league_rule_id: ruleOf(w, ROUND.SEMI_FINALS), item: a1 });
    const finalPick = await pick(t.deps.db, 'round_bets', { league_id: lg, user_id: u, league_rule_id: ruleOf(w, ROUND.FINAL), item: a1 });
    const champLocal = await pick(t.deps.db, 'round_bets', { league_id: lg, user_id: u, league_rule_id: ruleOf(w, ROUND.CHAMPION), item: a1 });
    const champOther = await pick(t.deps.db, 'round_bets', { league_id: lg, user_id: w.owner.id, league_rule_id: ruleOf(w, ROUND.CHAMPION), item: b1 });

    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    for (const id of [sfHit, sfMiss, finalPick, champLocal]) expect(await pointsOf(t.deps.db, 'round_bets', id)).toBeNull();

    await drawSemis(t.deps.db, w, [a1, b2, b1, a2]);
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    expect(await pointsOf(t.deps.db, 'round_bets', sfHit)).toBe(4);
    expect(await pointsOf(t.deps.db, 'round_bets', sfMiss)).toBe(0);
    expect(await pointsOf(t.deps.db, 'round_bets', sfSim)).toBe(4);
    expect(await pointsOf(t.deps.db, 'round_bets', sfOff)).toBeNull();
    expect(await pointsOf(t.deps.db, 'round_bets', finalPick)).toBeNull();

    const [sf1, sf2, final] = w.cup.knockoutMatchIds;
    await setResult(t.deps.db, sf1, { local: 2, visiting: 1 });
    await setResult(t.deps.db, sf2, { local: 1, visiting: 0 });
    await t.deps.db.updateTable('matches').set({ local_team_id: a1, visiting_team_id: b1 }).where('id', '=', final).execute();
    await setResult(t.deps.db, final, { local: 1, visiting: 1, localEt: 1, visitingEt: 1, localPens: 4, visitingPens: 3 });
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    expect(await pointsOf(t.deps.db, 'round_bets', finalPick)).toBe(5);
    expect(await pointsOf(t.deps.db, 'round_bets', champLocal)).toBe(8);
    expect(await pointsOf(t.deps.db, 'round_bets', champOther)).toBe(0);

    // A corrected result moves the points.
    await setResult(t.deps.db, final, { local: 1, visiting: 1, localEt: 1, visitingEt: 1, localPens: 2, visitingPens: 3 });
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    expect(await pointsOf(t.deps.db, 'round_bets', champLocal)).toBe(0);
    expect(await pointsOf(t.deps.db, 'round_bets', champOther)).toBe(8);

    // Narrowed to one league, the other leagues' picks are left alone.
    await t.deps.db.updateTable('round_bets').set({ points: 99 }).where('id', '=', sfOff).execute();
    await t.deps.db.updateTable('round_bets').set({ points: 99 }).where('id', '=', sfMiss).execute();
    await recomputePickPoints(t.deps.db, w.cup.competitionId, lg);
    expect(await pointsOf(t.deps.db, 'round_bets', sfOff)).toBe(99);
    expect(await pointsOf(t.deps.db, 'round_bets', sfMiss)).toBe(0);
  });

  it('scores top scorers per goal once the cup starts, plus 5 for every joint top scorer at the end', async () => {
    const t = ctx();
    const w = await pickWorld(t);
    const people = [];
    for (const name of ['Kane', 'Mbappe', 'Messi']) {
      people.push((await t.deps.db.insertInto('people').values({ name, team_id: null, external_key: null }).returning('id').executeTakeFirstOrThrow()).id);
    }
    const rule = ruleOf(w, ROUND.TOP_SCORER);
    const picks = [];
    for (const person of people) picks.push(await pick(t.deps.db, 'person_bets', { league_id: w.leagueId, user_id: w.member.id, league_rule_id: rule, item: person }));
    await t.deps.db.insertInto('person_stats').values([
      { competition_id: w.cup.competitionId, person_id: people[0], goals: 6 },
      { competition_id: w.cup.competitionId, person_id: people[1], goals: 6 },
    ]).execute();
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    for (const id of picks) expect(await pointsOf(t.deps.db, 'person_bets', id)).toBeNull();

    await setResult(t.deps.db, w.cup.groupMatchIds[0], { local: 1, visiting: 0 });
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    expect(await Promise.all(picks.map((id) => pointsOf(t.deps.db, 'person_bets', id)))).toEqual([6, 6, 0]);

    await t.deps.db.updateTable('competitions').set({ finished: 1 }).where('id', '=', w.cup.competitionId).execute();
    await recomputePickPoints(t.deps.db, w.cup.competitionId);
    expect(await Promise.all(picks.map((id) => pointsOf(t.deps.db, 'person_bets', id)))).toEqual([11, 11, 0]);
  });

  it('scores league champion, European places and relegation from the final table', async () => {
    const t = ctx();
    const db = t.deps.db;
    const now = t.clock.now();
    const { id: competitionId } = await db.insertInto('competitions')
      .values({ name: 'Liga', competition_type: 'league', provider: 'manual', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const teams: number[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
      teams.push((await db.insertInto('teams').values({ team_name: name, abbreviation: name.slice(0, 3), flag: null, external_key: `liga:${name}` }).returning('id').executeTakeFirstOrThrow()).id);
    }
    // Alpha 9 points, Bravo 6, Charlie 1 (better goal difference than Delta), Delta 1.
    const games: [number, number, number, number][] = [[0, 1, 2, 0], [0, 2, 1, 0], [0, 3, 3, 0], [1, 2, 1, 0], [1, 3, 2, 1], [2, 3, 0, 0]];
    for (const [i, [l, v, lg, vg]] of games.entries()) {
      await db.insertInto('matches').values({
        competition_id: competitionId, round_id: ROUND.REGULAR_SEASON, matchday: i + 1, local_team_id: teams[l], visiting_team_id: teams[v],
        date: now + (i + 1) * DAY, updated_at: now, started: 1, finished: 1, local_goals: lg, visiting_goals: vg,
      }).execute();
    }
    const rule = async (roundId: number, picks: number, pph: number) =>
      (await db.insertInto('league_rules').values({ competition_id: competitionId, round_id: roundId, picks, points_per_hit: pph }).returning('id').executeTakeFirstOrThrow()).id;
    const champion = await rule(ROUND.LEAGUE_CHAMPION, 1, 10);
    const europe = await rule(ROUND.EUROPEAN_PLACES, 2, 3);
    const relegation = await rule(ROUND.RELEGATION, 1, 4);
    const user = await createUserWithToken(t.deps);
    const league = await insertLeague(db, competitionId, user.id);
    await addMember(db, league, user.id);
    const p = (ruleId: number, team: number) => pick(db, 'round_bets', { league_id: league, user_id: user.id, league_rule_id: ruleId, item: teams[team] });
    const ids = [await p(champion, 0), await p(champion, 1), await p(europe, 1), await p(europe, 2), await p(relegation, 3), await p(relegation, 2)];
    await recomputePickPoints(db, competitionId);
    for (const id of ids) expect(await pointsOf(db, 'round_bets', id)).toBeNull();
    await db.updateTable('competitions').set({ finished: 1 }).where('id', '=', competitionId).execute();
    await recomputePickPoints(db, competitionId);
    expect(await Promise.all(ids.map((id) => pointsOf(db, 'round_bets', id)))).toEqual([10, 0, 3, 0, 4, 0]);
  });
});
