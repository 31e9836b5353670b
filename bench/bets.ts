/**
 * Bets under load (issue 3 section 7), next to an empty Fastify route measured in the same run:
 * - POST result_bets/update_result_bet, 50 connections (target >= 2,000 req/s, p99 < 50 ms on SQLite);
 * - GET leagues/users_league_table of a 1,000-member league (target >= 1,000 req/s);
 * - recomputeAfterResults for one match: every bet on it across all leagues (target < 1 s).
 * Dataset: 50,000 users, 2,000 leagues (one of 1,000 members, the rest ~25), one cup of 64 matches with a bet of
 * every member on every match (~3.3 million bets), half the cup played.
 *
 *   npx tsx bench/bets.ts                                  SQLite (temporary file)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/bets.ts PostgreSQL (temporary schema, dropped afterwards)
 *   BENCH_DURATION=seconds per route (default 10); BENCH_SQLITE_FILE / BENCH_PG_SCHEMA keep the dataset for
 *   the next run, BENCH_SKIP_FULL=1 then skips the whole-cup recompute
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Db, type DatabaseHandle } from '../src/server/db/database';
import { insertSession } from '../src/server/modules/auth/sessionsRepository';
import { signToken } from '../src/server/modules/auth/tokens';
import { recomputeAfterResults, recomputeCompetition } from '../src/server/modules/scoring/recompute';
import type { Measurement } from './lib/measure';

declare module 'autocannon' {
  interface Options {
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[];
  }
}

const USERS = 50_000;
const LEAGUES = 2_000;
const BIG_LEAGUE = 1_000;
const WRITERS = 200;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  console.log(`  ${label}: ${seconds(ms)}`);
  return { value, ms };
}

/** A temporary SQLite file, or a fresh schema in BENCH_DATABASE_URL. */
async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; dispose(): Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  const keep = process.env.BENCH_SQLITE_FILE;
  if (!base && keep) return { handle: openDatabase(`sqlite:${keep}`), label: `SQLite ${keep}`, async dispose() {} };
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'porra-bets-'));
    const handle = openDatabase(`sqlite:${join(dir, 'bench.sqlite')}`);
    return { handle, label: 'SQLite', async dispose() { rmSync(dir, { recursive: true, force: true }); } };
  }
  // BENCH_PG_SCHEMA keeps (and reuses) a named schema, so profiling runs skip the build.
  const kept = process.env.BENCH_PG_SCHEMA;
  const schema = kept ?? `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const handle = openDatabase(url.toString(), { poolSize: 20 });
  return {
    handle, label: `PostgreSQL (schema ${schema})`,
    async dispose() {
      if (kept) return;
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

interface Dataset { competitionId: number; bigLeagueId: number; openMatchIds: number[]; bigMemberIds: number[] }

/** Bulk INSERT ... SELECT over a recursive sequence: portable and fast on both databases. */
async function createDataset(db: Db, now: number): Promise<Dataset> {
  const seq = (n: number) => sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${sql.lit(n)})`;
  await sql`${seq(USERS)} INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
    SELECT 'Player ' || n, 'bench' || n || '@example.com', 'bench-no-password', 0, 'en', 0, ${now}, ${now} FROM seq`.execute(db);
  const firstUser = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id);

  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Bench Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  const teams = await db.insertInto('teams').values(Array.from({ length: 32 }, (_, i) => ({
    team_name: `Nation ${i + 1}`, abbreviation: `N${String(i + 1).padStart(2, '0')}`, flag: null, is_flag: 0 as const,
    colors: '[]', external_key: `bench-bets:${competitionId}:${i}`,
  }))).returning('id').execute();
  // 48 group matches then R16, QF, SF, third place, final: four a day, 16 matchdays; the first 8 days played.
  const rounds = [...Array(48).fill(1), ...Array(8).fill(4), ...Array(4).fill(5), 6, 6, 9, 7];
  const start = now - 8 * DAY + HOUR;
  await db.insertInto('matches').values(rounds.map((round_id, i) => {
    const matchday = Math.floor(i / 4) + 1;
    const date = start + (matchday - 1) * DAY + (i % 4) * 3 * HOUR;
    const played = date < now;
    return {
      competition_id: competitionId, group_id: null, round_id, matchday,
      local_team_id: round_id === 1 ? teams[i % 32].id : null, visiting_team_id: round_id === 1 ? teams[(i * 7 + 3) % 32].id : null,
      local_placeholder: null, visiting_placeholder: null, date, status: played ? 'finished' : 'scheduled',
      started: played ? 1 as const : 0 as const, finished: played ? 1 as const : 0 as const,
      local_goals: played ? i % 3 : null, visiting_goals: played ? (i * 5) % 4 : null,
      local_goals_extra_time: null, visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null,
      held_result: null, external_key: `bench-bets:${i}`, updated_at: now,
    };
  })).execute();

  await sql`${seq(LEAGUES)} INSERT INTO leagues (name, name_normalized, competition_id, owner_id, bets_system, points_system,
      playoff_results_points, round_bets_enabled, person_bets_enabled, allow_invite, allow_join, editable_after_start,
      start_matchday, knockout_basis, share_token, created_at, updated_at)
    SELECT 'Bench league ' || n, 'bench league ' || n, ${competitionId}, ${firstUser} + n - 1, 'exact', 'winner_and_goals',
      1, 0, 0, 0, 0, 0, 1, 'regular', 'bench-' || n, ${now}, ${now} FROM seq`.execute(db);
  const bigLeagueId = Number((await db.selectFrom('leagues').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id);
  // The big league: the first 1,000 users, in ten departments. Every user also plays in one of the other leagues.
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT ${bigLeagueId}, id, 'Dept ' || (id % 10), ${now} FROM users WHERE id < ${firstUser + BIG_LEAGUE}`.execute(db);
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT ${bigLeagueId + 1} + ((id - ${firstUser}) % ${LEAGUES - 1}), id, NULL, ${now} FROM users`.execute(db);
  // Stored in matchday order, as the app creates them (ensureMatchdayBets writes a member's rows of a matchday when
  // they first open it): one match's bets then sit on few pages. Member by member across the whole cup, re-scoring
  // one match would dirty nearly every page of the table (SQLite: +0.5 s of commit for 51,000 bets).
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, points, modified_after_start, updated_at)
    SELECT lm.league_id, lm.user_id, m.id, 0, (lm.user_id + m.id) % 4, (lm.user_id * 3 + m.id) % 3, NULL, 0, ${now}
    FROM league_members lm CROSS JOIN matches m WHERE m.competition_id = ${competitionId}
    ORDER BY m.matchday, lm.league_id, lm.user_id, m.id`.execute(db);

  const open = await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId).where('finished', '=', 0)
    .where('date', '>', now + DAY).orderBy('date').execute();
  const bigMemberIds = Array.from({ length: BIG_LEAGUE }, (_, i) => firstUser + i);
  return { competitionId, bigLeagueId, openMatchIds: open.map((m) => m.id), bigMemberIds };
}

/** A dataset left by an earlier run (BENCH_SQLITE_FILE), so profiling runs skip the build. */
async function existingDataset(db: Db, now: number): Promise<Dataset | null> {
  const cup = await db.selectFrom('competitions').select('id').where('name', '=', 'Bench Cup').executeTakeFirst();
  if (!cup) return null;
  const big = await db.selectFrom('leagues').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow();
  const members = await db.selectFrom('league_members').select('user_id').where('league_id', '=', Number(big.id)).orderBy('user_id').execute();
  const open = await db.selectFrom('matches').select('id').where('competition_id', '=', cup.id).where('finished', '=', 0)
    .where('date', '>', now + DAY).orderBy('date').execute();
  return { competitionId: cup.id, bigLeagueId: Number(big.id), openMatchIds: open.map((m) => m.id), bigMemberIds: members.map((m) => m.user_id) };
}

async function tokenFor(deps: Awaited<ReturnType<typeof buildApp>>['deps'], userId: number): Promise<string> {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  await insertSession(deps.db, { id: sessionId, user_id: userId, created_at: now, expires_at: now + DAY });
  return signToken(deps.jwtSecret, { userId, sessionId }, now, now + DAY);
}

async function run(name: string, options: Parameters<typeof autocannon>[0]): Promise<Measurement> {
  const result: Result = await autocannon({ connections: CONNECTIONS, duration: DURATION, workers: 1, title: name, ...options });
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx responses`);
  return { name, url: options.url, result };
}

async function main(): Promise<void> {
  process.removeAllListeners('warning');
  const database = await openBenchDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), clientDir: '/nonexistent' };
  const { app, deps } = await buildApp({ config, database: database.handle, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/empty', async () => ({}));
  try {
    console.log(`${database.label}: building the dataset`);
    const { value: data } = await timed('dataset (50,000 users, 2,000 leagues, 64 matches, bets)', async () =>
      await existingDataset(deps.db, deps.clock.now()) ?? createDataset(deps.db, deps.clock.now()));
    const { value: bets } = await timed('count', async () => Number((await deps.db.selectFrom('result_bets')
      .select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));
    console.log(`  ${bets.toLocaleString('en')} result bets`);
    // BENCH_SKIP_FULL=1 skips the whole-cup recompute (minutes on PostgreSQL) when the kept dataset is scored already.
    const full = process.env.BENCH_SKIP_FULL ? { ms: Number.NaN } : await timed('recomputeCompetition (every bet of the cup, standings of all leagues)', () =>
      deps.db.transaction().execute((trx) => recomputeCompetition(trx, data.competitionId)));

    const writers = data.bigMemberIds.slice(0, WRITERS);
    const matchId = data.openMatchIds[0];
    const writerBets = await deps.db.selectFrom('result_bets').select(['id', 'user_id'])
      .where('league_id', '=', data.bigLeagueId).where('match_id', '=', matchId).where('user_id', 'in', writers).execute();
    const tokens = new Map<number, string>();
    for (const userId of writers) tokens.set(userId, await tokenFor(deps, userId));
    const updateRequests = writerBets.map((bet, i) => ({
      method: 'POST', path: '/api/v1/en/result_bets/update_result_bet',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(bet.user_id)}` },
      body: JSON.stringify({ result_bet_id: bet.id, local_goals: i % 4, visiting_goals: (i * 3) % 5 }),
    }));

    const appBase = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
    const reader = tokens.get(writers[0])!;
    const tablePath = `/api/v1/en/leagues/users_league_table/${data.bigLeagueId}`;
    const check = await fetch(`${appBase}${tablePath}`, { headers: { authorization: `Bearer ${reader}` } });
    const table = await check.json() as { users: unknown[] };
    console.log(`  table of the big league: ${table.users.length} rows, ${(JSON.stringify(table).length / 1024).toFixed(0)} KB`);

    await run('warm-up', { url: `${appBase}${tablePath}`, connections: 10, duration: 2, headers: { authorization: `Bearer ${reader}` } });
    const rows: Measurement[] = [];
    rows.push(await run('empty Fastify route', { url: `${bareBase}/empty` }));
    // Every authenticated call pays for the bearer token and session check: the floor of the routes below.
    rows.push(await run('users/index (signed-in baseline)', { url: `${appBase}/api/v1/en/users/index`, headers: { authorization: `Bearer ${reader}` } }));
    rows.push(await run(`update_result_bet (${WRITERS} bets)`, { url: appBase, requests: updateRequests }));
    if (process.env.BENCH_ONLY_UPDATE) return;
    // Sent like a browser's (Accept-Encoding: gzip): the cached table goes out gzipped, about a tenth of its size.
    rows.push(await run('users_league_table (1,000 members)', {
      url: `${appBase}${tablePath}`, headers: { authorization: `Bearer ${reader}`, 'accept-encoding': 'gzip, deflate, br' },
    }));
    rows.push(await run('users_league_table, no gzip', { url: `${appBase}${tablePath}`, headers: { authorization: `Bearer ${reader}` } }));

    // One result arrives: every bet on that match in every league is re-scored, and standings refreshed.
    await deps.db.updateTable('matches').set({ finished: 1, started: 1, status: 'finished', local_goals: 2, visiting_goals: 1 })
      .where('id', '=', matchId).execute();
    const perMatch = await deps.db.selectFrom('result_bets').select((eb) => eb.fn.countAll().as('n')).where('match_id', '=', matchId).executeTakeFirstOrThrow();
    console.log('');
    const one = await timed(`recomputeAfterResults, one match (${Number(perMatch.n).toLocaleString('en')} bets)`, () =>
      deps.db.transaction().execute((trx) => recomputeAfterResults(trx, data.competitionId, [matchId])));

    console.log(`\n${database.label}, ${CONNECTIONS} connections, ${DURATION} s per route`);
    const header = `${'route'.padEnd(38)}${'req/s'.padStart(10)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}  target`;
    console.log(header);
    console.log('-'.repeat(header.length));
    const targets: Record<string, (r: Result) => boolean> = {
      [rows[2].name]: (r) => r.requests.average >= 2000 && r.latency.p99 < 50,
      [rows[3].name]: (r) => r.requests.average >= 1000,
    };
    for (const row of rows) {
      const ratio = row.result.requests.average / rows[0].result.requests.average;
      const target = targets[row.name];
      const verdict = !target ? '' : target(row.result) ? 'ok' : 'MISSED';
      console.log(`${row.name.padEnd(38)}${row.result.requests.average.toFixed(0).padStart(10)}${String(row.result.latency.p99).padStart(9)}${ratio.toFixed(2).padStart(8)}  ${verdict}`);
    }
    console.log(`${'recomputeAfterResults (one match)'.padEnd(38)}${seconds(one.ms).padStart(10)}${''.padStart(17)}  ${one.ms < 1000 ? 'ok (< 1 s)' : 'MISSED (>= 1 s)'}`);
    console.log(`${'recomputeCompetition (whole cup)'.padEnd(38)}${seconds(full.ms).padStart(10)}`);
  } finally {
    await bare.close();
    await app.close();
    await database.handle.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
