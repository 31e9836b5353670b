import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { call, describeEachDb, type TestApp } from '../../testing/harness';
import { createLeague, finishMatch } from '../resultBets/testing/betsTestFixture';
import { recomputeAfterResults } from '../../domain/rescoring/recompute';
import { withMatchCompetitions } from '../../testing/betCompetitions';

const HOUR = 3_600_000;

/** A league of 40 (a table well over 1 KB, so it is compressed), each with bets on two matches, the first played. */
async function playedLeague(t: TestApp) {
  const { db } = t.deps;
  const cup = await createCup(db, { start: t.clock.now() + HOUR });
  const users = await Promise.all(Array.from({ length: 40 }, (_, i) => createUserWithToken(t.deps, { name: `Member ${i}` })));
  const leagueId = await createLeague(db, {
    competitionId: cup.competitionId, ownerId: users[0].id, members: users.map((u, i) => ({ id: u.id, department: i % 2 ? 'IT' : null })),
  });
  const outsider = await createUserWithToken(t.deps, { name: 'Outsider' });
  const [first, second] = cup.groupMatchIds;
  await db.insertInto('result_bets').values(await withMatchCompetitions(db, users.flatMap((u, i) => [first, second].map((match_id) => (
    { league_id: leagueId, user_id: u.id, match_id, local_goals: i % 3, visiting_goals: 0, updated_at: 0 }))))).execute();
  t.clock.set(t.clock.now() + 3 * HOUR);
  await finishMatch(db, first, 1, 0);
  await recomputeAfterResults(db, cup.competitionId, [first]);
  return { cup, users, leagueId, outsider, second };
}

describeEachDb('league table revalidation and encodings', (ctx) => {
  const get = (token: string, leagueId: number, headers: Record<string, string> = {}, query = '') => call(ctx().app, {
    method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}${query}`, token, headers,
  });

  it('sends brotli, gzip or plain by Accept-Encoding, with the same JSON, a tag per coding and Vary', async () => {
    const { users, leagueId } = await playedLeague(ctx());
    const token = users[0].token;
    const plain = await get(token, leagueId);
    const gzip = await get(token, leagueId, { 'accept-encoding': 'gzip, deflate' });
    const br = await get(token, leagueId, { 'accept-encoding': 'gzip, deflate, br' });
    const gzipPreferred = await get(token, leagueId, { 'accept-encoding': 'br;q=0.5, gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    for (const res of [plain, gzip, br]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    expect(new Set([plain.headers.etag, gzip.headers.etag, br.headers.etag]).size).toBe(3);
    expect(gzipPreferred.headers.etag).toBe(gzip.headers.etag);
  });

  it('answers 304 without a body to a matching If-None-Match, until the table changes', async () => {
    const t = ctx();
    const { cup, users, leagueId, second } = await playedLeague(t);
    const token = users[1].token;
    const first = await get(token, leagueId, { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;

    const again = await get(token, leagueId, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers['content-encoding']).toBeUndefined();
    // Weak comparison, lists and another member of the league (same table): still 304.
    expect((await get(users[2].token, leagueId, { 'accept-encoding': 'br', 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
    // Another coding, another matchday or language, an unrelated tag: the full answer.
    expect((await get(token, leagueId, { 'accept-encoding': 'gzip', 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get(token, leagueId, { 'accept-encoding': 'br', 'if-none-match': etag }, '?matchday=2')).statusCode).toBe(200);
    expect((await get(token, leagueId, { 'accept-encoding': 'br', 'if-none-match': '"other"' })).statusCode).toBe(200);

    // A result changes the table: the old tag no longer matches, and the new answer has a new one.
    await finishMatch(t.deps.db, second, 0, 0);
    await recomputeAfterResults(t.deps.db, cup.competitionId, [second]);
    const changed = await get(token, leagueId, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(brotliDecompressSync(changed.rawPayload).toString()).not.toBe(brotliDecompressSync(first.rawPayload).toString());
  });

  it('checks access before answering 304: a non-member with the tag is refused', async () => {
    const { users, leagueId, outsider } = await playedLeague(ctx());
    const etag = (await get(users[0].token, leagueId)).headers.etag as string;
    const refused = await get(outsider.token, leagueId, { 'if-none-match': etag });
    expect(refused.statusCode).toBe(403);
    expect((await get('', leagueId, { 'if-none-match': etag })).statusCode).toBe(401);
  });
});
