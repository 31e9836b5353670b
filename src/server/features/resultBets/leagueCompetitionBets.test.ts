import { BET_LOCK_MS } from '../../../shared/domain/deadlines';
import { ROUND } from '../../../shared/domain/rounds';
import type { Executor } from '../../platform/db/database';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb } from '../../testing/harness';
import { createLeague } from './testing/betsTestFixture';

const HOUR = 3_600_000;

/** A league season: two matchdays of two matches each, the second match of a matchday a day after the first. */
async function createSeason(db: Executor, start: number) {
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Season', competition_type: 'league', provider: 'manual', created_at: 0, updated_at: 0 })
    .returning('id').executeTakeFirstOrThrow();
  const matchIds: number[] = [];
  for (const [matchday, offset] of [[1, 0], [1, 20 * HOUR], [2, 40 * HOUR], [2, 44 * HOUR]]) {
    const { id } = await db.insertInto('matches').values({
      competition_id: competitionId, group_id: null, round_id: ROUND.REGULAR_SEASON, matchday, local_team_id: null,
      visiting_team_id: null, date: start + offset, updated_at: 0, external_key: `s${matchIds.length}`,
    }).returning('id').executeTakeFirstOrThrow();
    matchIds.push(id);
  }
  return { competitionId, matchIds };
}

describeEachDb('result bets in a league competition', (ctx) => {
  it("every bet of a matchday locks 5 minutes before the matchday's first kickoff", async () => {
    const start = ctx().clock.now() + 2 * HOUR;
    const season = await createSeason(ctx().deps.db, start);
    const ana = await createUserWithToken(ctx().deps, { name: 'Ana' });
    const leagueId = await createLeague(ctx().deps.db, { competitionId: season.competitionId, ownerId: ana.id });
    const rows = (await call(ctx().app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}`, token: ana.token })).data;
    expect(rows.map((r: any) => r.match_id)).toEqual(season.matchIds.slice(0, 2));
    const later = rows[1];
    const update = () => call(ctx().app, {
      method: 'POST', url: '/api/v1/en/result_bets/update_result_bet', token: ana.token,
      payload: { result_bet_id: later.id, local_goals: 1, visiting_goals: 1 },
    });
    ctx().clock.set(start - BET_LOCK_MS - 1000);
    expect((await update()).statusCode).toBe(200);
    ctx().clock.set(start - BET_LOCK_MS + 1000);
    expect((await update()).statusCode).toBe(400);
  });

  it('matchdays before start_matchday are not played in the league', async () => {
    const season = await createSeason(ctx().deps.db, ctx().clock.now() + 2 * HOUR);
    const ana = await createUserWithToken(ctx().deps, { name: 'Ana' });
    const leagueId = await createLeague(ctx().deps.db, { competitionId: season.competitionId, ownerId: ana.id, start_matchday: 2 });
    const first = await call(ctx().app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}?matchday=1`, token: ana.token });
    expect(first.data).toEqual([]);
    // The default matchday is the first one that counts.
    const current = await call(ctx().app, { method: 'GET', url: `/api/v1/en/result_bets/index/${leagueId}`, token: ana.token });
    expect(current.data.map((r: any) => r.match_id)).toEqual(season.matchIds.slice(2));
  });
});
