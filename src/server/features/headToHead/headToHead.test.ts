import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createUserWithToken } from '../../testing/fixtures';
import { finishMatch } from '../resultBets/testing/betsTestFixture';
import { api, createLeague, CUP_START, join, leagueWithMember, leagueWorld, type Person } from '../leagues/testing/leagueTestKit';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;

const headToHead = (t: TestApp, who: Person | null, leagueId: number, locale: 'en' | 'es' = 'en') =>
  call(t.app, { method: 'GET', url: api(`/leagues/head_to_head/${leagueId}`, locale), token: who?.token ?? null });

/** A head-to-head league of the world's cup with three players: the owner, Mario and Carla (in joining order). */
async function duelWorld(t: TestApp) {
  const w = await leagueWorld(t);
  const league = await leagueWithMember(t, w, { head_to_head: true });
  const carla = await createUserWithToken(t.deps, { name: 'Carla' });
  expect((await join(t, carla, league.id, league.share_token)).statusCode).toBe(200);
  return { ...w, league, carla };
}

/** Matchday 1 of the cup: group A's first two matches and group B's. */
const matchdayOne = (w: Awaited<ReturnType<typeof leagueWorld>>) => [...w.cup.groupMatchIds.slice(0, 2), ...w.cup.groupMatchIds.slice(6, 8)];

describeEachDb('head to head', (ctx) => {
  it('gives every member a round-robin from the first matchday, a bye a matchday when odd; a late joiner plays from the next one', async () => {
    const t = ctx();
    const w = await duelWorld(t);
    const before = await headToHead(t, w.member, w.league.id);
    expect(before.statusCode).toBe(200);
    expect(before.data.current_matchday).toBe(1);
    expect(before.data.schedule.map((day: { matchday: number }) => day.matchday)).toEqual([1, 2, 3, 4, 5]);
    for (const day of before.data.schedule) {
      expect(day.duels).toHaveLength(1);
      const seen = [...day.duels[0].user_ids, day.bye_user_id].sort((a, b) => a - b);
      expect(seen).toEqual([w.owner.id, w.member.id, w.carla.id].sort((a, b) => a - b));
    }
    // In three matchdays every pair meets once and everyone sits out once.
    const byes = before.data.schedule.slice(0, 3).map((day: { bye_user_id: number }) => day.bye_user_id);
    expect(new Set(byes).size).toBe(3);
    expect(before.data.table.map((row: { user_id: number; played: number }) => row.played)).toEqual([0, 0, 0]);

    // Dora joins once matchday 1 has started: she plays from matchday 2, and matchday 1 stays as it was.
    t.clock.set(CUP_START + HOUR);
    const dora = await createUserWithToken(t.deps, { name: 'Dora' });
    expect((await join(t, dora, w.league.id, w.league.share_token)).statusCode).toBe(200);
    const after = (await headToHead(t, w.owner, w.league.id)).data;
    expect(after.schedule[0]).toEqual(before.data.schedule[0]);
    expect(after.schedule[1].bye_user_id).toBeNull();
    expect(after.schedule[1].duels.flatMap((d: { user_ids: number[] }) => d.user_ids)).toContain(dora.id);
    expect(after.table).toHaveLength(4);
  });

  it('the member with more matchday points wins the duel once the matchday is over: 3 points, then points scored rank the table', async () => {
    const t = ctx();
    const w = await duelWorld(t);
    const first = (await headToHead(t, w.owner, w.league.id)).data.schedule[0];
    const [home, away] = first.duels[0].user_ids as number[];
    const matches = matchdayOne(w);
    // Home bets 1-0 on every match of matchday 1, away 0-2; every match ends 1-0.
    await t.deps.db.insertInto('result_bets').values(await withMatchCompetitions(t.deps.db, matches.flatMap((matchId) => [
      { league_id: w.league.id, user_id: home, match_id: matchId, local_goals: 1, visiting_goals: 0, updated_at: t.clock.now() },
      { league_id: w.league.id, user_id: away, match_id: matchId, local_goals: 0, visiting_goals: 2, updated_at: t.clock.now() },
    ]))).execute();
    t.clock.set(CUP_START + 2 * HOUR);
    await finishMatch(t.deps.db, matches[0], 1, 0);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, [matches[0]]);
    // One match finished: the duel shows the points so far but is not decided yet.
    const during = (await headToHead(t, w.member, w.league.id)).data;
    expect(during.schedule[0].duels[0]).toMatchObject({ decided: false, winner_user_id: null });
    expect(during.schedule[0].duels[0].points[0]).toBeGreaterThan(0);
    expect(during.table.every((row: { played: number }) => row.played === 0)).toBe(true);

    t.clock.set(CUP_START + 6 * HOUR);
    for (const matchId of matches.slice(1)) await finishMatch(t.deps.db, matchId, 1, 0);
    // Every result is in but the last ones are not counted in the stored points yet (their result job runs): the
    // duel waits for them rather than being decided on the points before.
    const counting = (await headToHead(t, w.member, w.league.id)).data;
    expect(counting.schedule[0].duels[0]).toMatchObject({ decided: false, winner_user_id: null });
    expect(counting.table.every((row: { played: number }) => row.played === 0)).toBe(true);
    await recomputeAfterResults(t.deps.db, w.cup.competitionId, matches.slice(1));
    const done = (await headToHead(t, w.carla, w.league.id, 'es')).data;
    const duel = done.schedule[0].duels[0];
    expect(duel).toMatchObject({ user_ids: [home, away], decided: true, winner_user_id: home });
    expect(duel.points[1]).toBe(0);
    expect(done.current_matchday).toBe(2);
    expect(done.table[0]).toEqual({
      user_id: home, user_name: expect.any(String), played: 1, won: 1, drawn: 0, lost: 0, points: 3, points_for: duel.points[0], position: 1,
    });
    expect(done.table.find((row: { user_id: number }) => row.user_id === away)).toMatchObject({ played: 1, lost: 1, points: 0, points_for: 0, position: 2 });
    expect(done.table.find((row: { user_id: number }) => row.user_id === first.bye_user_id)).toMatchObject({ played: 0, points: 0, position: 2 }); // level with the loser: they share
  });

  it('a league made once the competition has started plays from the next matchday not started', async () => {
    const t = ctx();
    const w = await leagueWorld(t);
    t.clock.set(CUP_START + HOUR);
    const league = await leagueWithMember(t, w, { head_to_head: true });
    const answer = (await headToHead(t, w.member, league.id)).data;
    expect(answer.schedule.map((day: { matchday: number }) => day.matchday)).toEqual([2, 3, 4, 5]);
    expect(answer.schedule[0].duels[0].user_ids).toEqual([w.owner.id, w.member.id]);
    expect(answer.current_matchday).toBe(1);
  });

  it('members and global admins read it; anonymous callers, outsiders and leagues without head to head are refused', async () => {
    const t = ctx();
    const w = await duelWorld(t);
    for (const who of [w.owner, w.member, w.admin]) expect((await headToHead(t, who, w.league.id)).statusCode).toBe(200);
    expect((await headToHead(t, null, w.league.id)).statusCode).toBe(401);
    expect((await headToHead(t, w.other, w.league.id)).statusCode).toBe(403);
    expect((await headToHead(t, w.owner, 999_999)).statusCode).toBe(404);
    const plain = await createLeague(t, w.owner, { name: 'No duels', competition_id: w.cup.competitionId });
    expect(plain.head_to_head).toBe(false);
    const off = await headToHead(t, w.owner, plain.id, 'es');
    expect(off.statusCode).toBe(409);
    expect(off.data.error).toBe('Esta liga no tiene competición cara a cara');
    // The owner switches it on before the first kickoff (a league setting like the others).
    const on = await call(t.app, { method: 'PUT', url: api(`/leagues/${plain.id}`), token: w.owner.token, payload: { league: { head_to_head: true } } });
    expect(on.data.league.head_to_head).toBe(true);
    expect((await headToHead(t, w.owner, plain.id)).statusCode).toBe(200);
  });
});
