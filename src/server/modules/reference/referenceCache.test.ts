import { createCup } from '../../test/competitionFixture';
import { call, describeEachDb } from '../../test/harness';
import { invalidateReferenceCache } from './referenceCache';
import { setResult } from './referenceTestData';

const DAY = 86_400_000;

describeEachDb('cached reference reads', (ctx) => {
  const get = (url: string) => call(ctx().app, { method: 'GET', url: `/api/v1/en${url}` });

  it('answers the same JSON from the cache, and sees any database write at once', async () => {
    const db = ctx().deps.db;
    const cup = await createCup(db, { start: ctx().clock.now() + DAY });
    const url = `/matches/index/${cup.competitionId}`;
    const first = await get(url);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    expect((await get(url)).body).toBe(first.body);

    // A writer that knows nothing about the cache.
    await setResult(db, cup.groupMatchIds[0], 3, 1);
    const after = await get(url);
    expect(after.data.find((m: { id: number }) => m.id === cup.groupMatchIds[0])).toMatchObject({ local_goals: 3, visiting_goals: 1, finished: true });

    await db.updateTable('teams').set({ team_name: 'Renamed' }).where('id', '=', cup.teamIds[0]).execute();
    expect((await get(`/teams/index/${cup.competitionId}`)).data.map((t: { team_name: string }) => t.team_name)).toContain('Renamed');
    const table = await get(`/competition/classification/${cup.competitionId}`);
    expect(table.data[0]).toMatchObject({ team_id: cup.teamIds[0], points: 3, streak: ['W'] });
  });

  it('keeps one cache per database and never caches errors', async () => {
    const missing = await get('/teams/index/999');
    expect(missing.statusCode).toBe(404);
    const cup = await createCup(ctx().deps.db, { start: ctx().clock.now() + DAY });
    invalidateReferenceCache();
    const teams = await get(`/teams/index/${cup.competitionId}`);
    expect(teams.statusCode).toBe(200);
    expect(teams.data).toHaveLength(8);
  });
});
