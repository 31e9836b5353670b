import { gunzipSync } from 'node:zlib';
import { createCup } from '../../testing/competitionFixture';
import { call, describeEachDb } from '../../testing/harness';
import { acceptsGzip } from './httpNegotiation';
import { setResult } from '../../features/reference/testing/referenceTestData';

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

  it('sends large answers gzipped to callers that accept it, and small ones plain', async () => {
    const cup = await createCup(ctx().deps.db, { start: ctx().clock.now() + DAY });
    const url = `/api/v1/en/matches/index/${cup.competitionId}`;
    const plain = await call(ctx().app, { method: 'GET', url });
    const zipped = await ctx().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 3);
    const refused = await ctx().app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const small = await ctx().app.inject({ method: 'GET', url: `${url}?matchday=9`, headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('[]');
  });

  it('keeps one cache per database and never caches errors', async () => {
    const missing = await get('/teams/index/999');
    expect(missing.statusCode).toBe(404);
    const cup = await createCup(ctx().deps.db, { start: ctx().clock.now() + DAY });
    const teams = await get(`/teams/index/${cup.competitionId}`);
    expect(teams.statusCode).toBe(200);
    expect(teams.data).toHaveLength(8);
  });
});

describe('acceptsGzip', () => {
  it('reads the Accept-Encoding header', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0.000')).toBe(false);
    expect(acceptsGzip('deflate, br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
  });
});
