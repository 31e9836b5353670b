import { describeEachDb } from '../../testing/harness';
import { listen, LIVE_TEST_SETTINGS, liveWorld, openStream, sleep } from './testing/liveTestKit';

/** A refused open's status, Retry-After and translated error (es). */
async function refusal(origin: string, leagueId: number, token: string) {
  const res = await fetch(`${origin}/api/v1/es/live/${leagueId}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), error: ((await res.json()) as { error: string }).error };
}

describeEachDb('live streams per client address and per league', (ctx) => {
  it('caps the streams one address holds, whatever the accounts, with a translated 429', async () => {
    const t = ctx();
    const w = await liveWorld(t);
    const origin = await listen(t);
    const a = await openStream(origin, w.league.id, w.member.token);
    const b = await openStream(origin, w.league.id, w.owner.token);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await refusal(origin, w.league.id, w.admin.token))
      .toEqual({ status: 429, retryAfter: '30', error: 'Hay demasiadas vistas en directo abiertas desde esta red. Cierra alguna y vuelve a intentarlo' });
    a.close();
    await a.ended;
    await sleep(100);
    const c = await openStream(origin, w.league.id, w.admin.token);
    expect(c.status).toBe(200);
    b.close(); c.close();
  });
}, { config: { live: { ...LIVE_TEST_SETTINGS, maxStreamsPerUser: 5, maxStreamsPerAddress: 2 } } });

describeEachDb('live streams of one league', (ctx) => {
  it('are capped per league with a translated 503 (the page keeps polling)', async () => {
    const t = ctx();
    const w = await liveWorld(t);
    const origin = await listen(t);
    const streams = [await openStream(origin, w.league.id, w.member.token), await openStream(origin, w.league.id, w.owner.token)];
    expect(await refusal(origin, w.league.id, w.admin.token)).toEqual({
      status: 503, retryAfter: '30', error: 'Ahora mismo hay demasiadas vistas en directo abiertas. La página se seguirá actualizando cada 30 segundos',
    });
    for (const stream of streams) stream.close();
  });
}, { config: { live: { ...LIVE_TEST_SETTINGS, maxStreamsPerUser: 5, maxStreamsPerLeague: 2 } } });

describeEachDb('opening live streams in a loop', (ctx) => {
  it('is refused past the opens a minute of one user, then of one address, with a translated 429', async () => {
    const t = ctx();
    const w = await liveWorld(t);
    const origin = await listen(t);
    const openAndClose = async (token: string) => {
      const stream = await openStream(origin, w.league.id, token);
      expect(stream.status).toBe(200);
      stream.close();
      await stream.ended;
    };
    for (let i = 0; i < 3; i++) await openAndClose(w.member.token);
    const perUser = await refusal(origin, w.league.id, w.member.token);
    expect(perUser).toEqual({ status: 429, retryAfter: expect.stringMatching(/^\d+$/), error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' });
    expect(Number(perUser.retryAfter)).toBeGreaterThan(0);
    // Another account from the same address may open until the address has had its 4 opens of the minute.
    await openAndClose(w.owner.token);
    expect(await refusal(origin, w.league.id, w.owner.token)).toMatchObject({ status: 429, error: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' });
  });
}, { config: { live: { ...LIVE_TEST_SETTINGS, maxStreamsPerUser: 5, opensPerMinutePerUser: 3, opensPerMinutePerAddress: 4 } } });
