import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { sql } from 'kysely';
import { rankLeagues } from '../../domain/standings/rankLeagues';
import { createCup } from '../../testing/competitionFixture';
import { createUserWithToken } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/harness';

/**
 * A 200,000-member league with three shown, finished matches (600,000 bets) exported as CSV on PostgreSQL, read
 * over a real connection: the process's live heap (measured after a full collection, every few MB of the download)
 * grows less than 50 MB, whatever the size of the file. Built whole, the bets alone took hundreds of MB.
 * PostgreSQL only (the data set is made with generate_series): without TEST_DATABASE_URL it is skipped.
 */

const MEMBERS = 200_000;
const SHOWN_MATCHES = 3;
const MB = 1024 * 1024;
const DAY = 24 * 3_600_000;

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const liveHeap = () => { collectGarbage(); return process.memoryUsage().heapUsed; };

async function bigLeague(t: TestApp) {
  const { db } = t.deps;
  const now = t.clock.now();
  const cup = await createCup(db, { start: now - 10 * DAY });
  const owner = await createUserWithToken(t.deps, { name: 'Olga' });
  await sql`INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
    SELECT 'Member ' || n, 'member' || n || '@example.com', 'no-password', 0, 'en', 0, ${now}, ${now}
    FROM generate_series(1, ${MEMBERS - 1}::int) n`.execute(db);
  const { id: leagueId } = await db.insertInto('leagues').values({
    name: 'Huge league', name_normalized: 'huge league', competition_id: cup.competitionId, owner_id: owner.id, bets_system: 'exact',
    points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
    allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: 'huge-share', created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT ${leagueId}, id, NULL, ${now} FROM users ORDER BY id`.execute(db);
  const matchIds = cup.groupMatchIds.slice(0, SHOWN_MATCHES);
  await db.updateTable('matches').set({ status: 'finished', started: 1, finished: 1, local_goals: 2, visiting_goals: 1 })
    .where('id', 'in', matchIds).execute();
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT ${leagueId}, lm.user_id, m.id, 0, lm.user_id % 4, m.id % 3, 0, ${now}, ${cup.competitionId}
    FROM league_members lm CROSS JOIN matches m WHERE lm.league_id = ${leagueId} AND m.id IN (${sql.join(matchIds)})`.execute(db);
  await rankLeagues(db, { competitionId: cup.competitionId, leagueId: Number(leagueId) });
  await sql`ANALYZE`.execute(db);
  return { leagueId: Number(leagueId), owner };
}

/** Downloads the CSV over HTTP, keeping only counts, and the largest live heap seen every few MB of it. */
function download(url: string, token: string, baseline: number): Promise<{ status: number; bytes: number; lines: number; growth: number }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      let lines = 0;
      let nextSample = 0;
      let growth = liveHeap() - baseline;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
        if (bytes >= nextSample) {
          growth = Math.max(growth, liveHeap() - baseline);
          nextSample = bytes + 4 * MB;
        }
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines, growth: Math.max(growth, liveHeap() - baseline) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

onPostgres('a big league exported as CSV [postgres]', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp('postgres'); }, 120_000);
  afterAll(async () => { await t.close(); });

  it(`streams ${MEMBERS} members and ${MEMBERS * SHOWN_MATCHES} bets with the heap growing less than 50 MB`, async () => {
    const { leagueId, owner } = await bigLeague(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const baseline = liveHeap();
    const result = await download(`http://127.0.0.1:${port}/api/v1/en/leagues/export/${leagueId}`, owner.token, baseline);
    expect(result.status).toBe(200);
    // The table (a header and a row per member), an empty line, the bets (a header and a row per bet).
    expect(result.lines).toBe(1 + MEMBERS + 1 + 1 + MEMBERS * SHOWN_MATCHES);
    expect(result.bytes).toBeGreaterThan(25 * MB);
    expect(result.growth).toBeLessThan(50 * MB);
  }, 600_000);
});
