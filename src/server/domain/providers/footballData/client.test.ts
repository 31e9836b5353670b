import { footballDataClient } from './client';
import { startFakeFootballData, type FakeFootballData } from './testing/fakeFootballData';

let fake: FakeFootballData;
beforeAll(async () => { fake = await startFakeFootballData(); });
afterAll(async () => { await fake.close(); });

describe('football-data client', () => {
  it('sends the token and keeps to the plan: a burst of 10, then the per-minute rate', async () => {
    // 600 a minute refills one token every 100 ms, so 15 requests need at least ~0.5 s.
    const client = footballDataClient({ baseUrl: fake.baseUrl, token: 'test-token', timeoutMs: 2000, requestsPerMinute: 600 });
    fake.requests.length = 0;
    const started = performance.now();
    for (let i = 0; i < 15; i++) await client.competition('WC');
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(fake.requests).toHaveLength(15);
    expect(fake.requests.every((r) => r.token === 'test-token' && r.path === '/v4/competitions/WC')).toBe(true);
  });

  it('asks for the scorers table with a season and a limit', async () => {
    const client = footballDataClient({ baseUrl: fake.baseUrl, token: 'test-token', timeoutMs: 2000, requestsPerMinute: 1000 });
    fake.requests.length = 0;
    const scorers = await client.scorers('WC', 2026);
    expect(scorers[0]).toMatchObject({ player: { name: 'Spain Striker' }, goals: 4 });
    expect(fake.requests[0]).toMatchObject({ path: '/v4/competitions/WC/scorers', query: { season: '2026', limit: '100' } });
  });
});
