/**
 * Bets and tables under load, each route next to its ceilings measured in
 * the same run: an empty Fastify route served the same way (before and after every route) and, on PostgreSQL,
 * `pgbench -N` with 50 clients against the same server (before and after the bet saves).
 * - POST result_bets/update_result_bet, 50 connections, 200 members of the big league editing their next bet;
 * - GET users/index signed in (what every signed-in request pays: token and session);
 * - GET leagues/users_league_table of a 1,000-member league as a browser asks for it (brotli), without compression,
 *   and revalidated with its ETag (304);
 * - recomputeAfterResults for one match (every bet on it in every league) and recomputeCompetition (whole cup).
 * Dataset: bench/lib/betsDataset.ts (50,000 users, 2,000 leagues, 3,264,000 result bets, half the cup played).
 *
 *   npx tsx bench/bets.ts                                  SQLite (temporary file)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/bets.ts PostgreSQL (temporary schema, dropped afterwards)
 *
 * BENCH_DURATION=seconds per route (default 10). BENCH_SQLITE_FILE=path / BENCH_PG_SCHEMA=name keep the dataset for
 * the next run. BENCH_ROUTES=visitor,users,update,table,table-plain,table-304 picks routes (default all; empty: none);
 * BENCH_RECOMPUTE=0 skips the recomputes; BENCH_FULL=0 skips the whole-cup recompute, BENCH_FULL=1 runs it on a
 * kept dataset too (its points are cleared first, untimed). For profiles: BENCH_BASELINE=0 (no empty-route runs)
 * node --cpu-prof --import tsx bench/bets.ts.
 */
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import type { Db } from '../src/server/platform/db/database';
import { recomputeAfterResults, recomputeCompetition } from '../src/server/domain/rescoring/recompute';
import { apiPath } from './lib/apiPath';
import { benchToken, createBetsDataset, existingBetsDataset, openBenchDatabase, USERS } from './lib/betsDataset';
import { baselineOf, compareToBaseline, measure, type Comparison, type Measurement } from './lib/measure';
import { preparePgbench, runPgbench, type PgbenchResult } from './lib/pgbench';

const WRITERS = 200;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUTES = (process.env.BENCH_ROUTES ?? 'visitor,users,update,table,table-plain,table-304').split(',').filter(Boolean);

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  console.log(`  ${label}: ${seconds(ms)} (load ${load()})`);
  return { value, ms };
}

/** Back to the unscored state of a fresh dataset, so a kept one can time the whole-cup recompute again. */
async function clearPoints(db: Db, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await sql`DELETE FROM member_matchday_points`.execute(db);
  await sql`UPDATE league_members SET points_rounds = 0, points_people = 0, points_bonus = 0`.execute(db);
  if (dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(db);
}

interface Targets { empty: number; pgbench?: number; p99?: number }
const TARGETS: Record<string, Targets> = {
  users: { empty: 0.5 },
  update: { empty: 0.2, pgbench: 0.45, p99: 50 },
  table: { empty: 0.25 },
};

function printRows(rows: { key: string; comparison: Comparison }[], ceiling: PgbenchResult | null): void {
  const header = `${'route'.padEnd(38)}${'req/s'.padStart(8)}${'p99 ms'.padStart(8)}${'empty'.padStart(8)}${'ratio'.padStart(7)}`
    + `${ceiling ? `${'pgbench'.padStart(9)}${'ratio'.padStart(7)}` : ''}  target`;
  console.log(header);
  console.log('-'.repeat(header.length + 20));
  for (const { key, comparison } of rows) {
    const r = comparison.route.result;
    const empty = baselineOf(comparison);
    const ratio = r.requests.average / empty;
    const target = TARGETS[key];
    // On PostgreSQL the bet save is held to the database's own ceiling; everything else to the empty route.
    const pgRatio = ceiling ? r.requests.average / ceiling.tps : Number.NaN;
    const held = target?.pgbench && ceiling ? pgRatio >= target.pgbench : target ? ratio >= target.empty : true;
    const verdict = !target ? '' : `${held && r.latency.p99 < (target.p99 ?? Infinity) ? 'ok' : 'MISSED'} (${ceiling && target.pgbench
      ? `>= ${target.pgbench} of pgbench` : `>= ${target.empty} of empty`}${target.p99 ? `, p99 < ${target.p99} ms` : ''})`;
    console.log(`${comparison.route.name.padEnd(38)}${r.requests.average.toFixed(0).padStart(8)}${String(r.latency.p99).padStart(8)}`
      + `${empty.toFixed(0).padStart(8)}${ratio.toFixed(2).padStart(7)}`
      + `${ceiling ? `${ceiling.tps.toFixed(0).padStart(9)}${pgRatio.toFixed(2).padStart(7)}` : ''}  ${verdict}`);
  }
}

async function main(): Promise<void> {
  process.removeAllListeners('warning');
  const database = await openBenchDatabase();
  const { dialect } = database.handle;
  // No load shedding: the synchronous SQLite work of the set-up (seconds) would read as an overloaded event loop.
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }), clientDir: '/nonexistent' };
  const { app, deps } = await buildApp({ config, database: database.handle, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/empty', async () => ({}));
  try {
    console.log(`${database.label}: dataset (load ${load()})`);
    const now = deps.clock.now();
    const kept = await existingBetsDataset(deps.db, now);
    const { value: data } = await timed(`dataset (${USERS.toLocaleString('en')} users, 2,000 leagues, 64 matches, bets)`,
      async () => kept ?? createBetsDataset(deps.db, now));
    if (!kept && dialect === 'postgres') await timed('VACUUM ANALYZE (as autovacuum would have)', () => sql`VACUUM ANALYZE`.execute(deps.db));
    const bets = Number((await deps.db.selectFrom('result_bets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    console.log(`  ${bets.toLocaleString('en')} result bets`);

    const recompute = process.env.BENCH_RECOMPUTE !== '0';
    const full = recompute && (kept ? process.env.BENCH_FULL === '1' : process.env.BENCH_FULL !== '0');
    if (full && kept) await timed('clearing the points of the kept dataset (untimed)', () => clearPoints(deps.db, dialect));
    const cup = full ? await timed('recomputeCompetition (whole cup, from unscored bets)', () =>
      deps.db.transaction().execute((trx) => recomputeCompetition(trx, data.competitionId))) : null;

    const writers = data.bigMemberIds.slice(0, WRITERS);
    const matchId = data.openMatchIds[0];
    const writerBets = await deps.db.selectFrom('result_bets').select(['id', 'user_id'])
      .where('league_id', '=', data.bigLeagueId).where('match_id', '=', matchId).where('user_id', 'in', writers).execute();
    const tokens = new Map<number, string>();
    for (const userId of writers) tokens.set(userId, await benchToken(deps.db, deps.jwtSecret, userId, now));
    const updateRequests = writerBets.map((bet, i) => ({
      method: 'POST', path: apiPath('updateResultBet'),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(bet.user_id)}` },
      body: JSON.stringify({ result_bet_id: bet.id, local_goals: i % 4, visiting_goals: (i * 3) % 5 }),
    }));

    const appBase = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
    const reader = { authorization: `Bearer ${tokens.get(writers[0])!}` };
    const tablePath = apiPath('usersLeagueTable', { id: data.bigLeagueId });
    const tableResponse = await fetch(`${appBase}${tablePath}`, { headers: reader });
    const table = await tableResponse.json() as { users: unknown[] };
    if (!tableResponse.ok) throw new Error(`table of the big league: ${tableResponse.status} ${JSON.stringify(table)}`);
    const sizes = await Promise.all(['gzip', 'br'].map(async (coding) => {
      const res = await fetch(`${appBase}${tablePath}`, { headers: { ...reader, 'accept-encoding': coding } });
      return { coding, bytes: Number(res.headers.get('content-length')), etag: res.headers.get('etag') ?? '' };
    }));
    console.log(`  table of the big league: ${table.users.length} rows, ${(JSON.stringify(table).length / 1024).toFixed(0)} KB, `
      + sizes.map((s) => `${s.coding} ${(s.bytes / 1024).toFixed(0)} KB`).join(', '));

    const options = { connections: CONNECTIONS, duration: DURATION };
    const routes: Record<string, () => Promise<Measurement>> = {
      // The app's own floor: every hook, no token, no database.
      visitor: () => measure('users/index (signed out)', `${appBase}${apiPath('currentUser')}`, options),
      // Every signed-in call pays for the bearer token and the session: the floor of the routes below.
      users: () => measure('users/index (signed in)', `${appBase}${apiPath('currentUser')}`, { ...options, headers: reader }),
      update: () => measure(`update_result_bet (${WRITERS} members)`, appBase, { ...options, requests: updateRequests }),
      // Sent like a browser's (Accept-Encoding: gzip, deflate, br): the cached table goes out in brotli.
      table: () => measure('users_league_table (1,000 members)', `${appBase}${tablePath}`,
        { ...options, headers: { ...reader, 'accept-encoding': 'gzip, deflate, br' } }),
      'table-plain': () => measure('users_league_table, no gzip', `${appBase}${tablePath}`, { ...options, headers: reader }),
      // A browser revalidating the table it holds (If-None-Match with its ETag): 304 without a body.
      'table-304': () => measure('users_league_table, revalidated (304)', `${appBase}${tablePath}`,
        { ...options, headers: { ...reader, 'accept-encoding': 'gzip, deflate, br', 'if-none-match': sizes[1].etag }, notModified: true }),
    };
    const chosen = ROUTES.filter((key) => routes[key]);
    let ceiling: PgbenchResult | null = null;
    const rows: { key: string; comparison: Comparison }[] = [];
    if (chosen.length > 0) {
      await measure('warm-up', `${appBase}${tablePath}`, { connections: 10, duration: 2, headers: reader });
      // The app's pool and pgbench's 50 clients must not be open together (max_connections): pg closes idle pool
      // connections after 10 s, so pgbench waits for that first.
      const pgbench = dialect === 'postgres'
        ? async () => { await new Promise((resolve) => setTimeout(resolve, 11_000)); return runPgbench(database.url, CONNECTIONS, DURATION); }
        : null;
      if (pgbench) await preparePgbench(database.url);
      // BENCH_BASELINE=0 (profiling): no empty-route runs in the profile; ratios then read NaN.
      const empty = process.env.BENCH_BASELINE === '0'
        ? async () => ({ name: 'skipped', url: '', result: { requests: { average: Number.NaN } } } as Measurement)
        : () => measure('empty Fastify route', `${bareBase}/empty`, options);
      // pgbench right before and after the bet saves: the same minutes of the shared machine.
      const wrapped = chosen.map((key) => async () => {
        const before = key === 'update' && pgbench ? await pgbench() : null;
        const measured = await routes[key]();
        const after = before && pgbench ? await pgbench() : null;
        if (before && after) ceiling = { tps: (before.tps + after.tps) / 2, latencyMs: (before.latencyMs + after.latencyMs) / 2 };
        return measured;
      });
      const comparisons = await compareToBaseline(empty, wrapped);
      comparisons.forEach((comparison, i) => rows.push({ key: chosen[i], comparison }));
    }

    let one: { ms: number } | null = null;
    let correction: { ms: number } | null = null;
    let tableAfterResult: number | null = null;
    if (recompute) {
      // One result arrives: every bet on that match in every league is re-scored, and standings refreshed.
      await deps.db.updateTable('matches').set({ finished: 1, started: 1, status: 'finished', local_goals: 2, visiting_goals: 1 })
        .where('id', '=', matchId).execute();
      const perMatch = await deps.db.selectFrom('result_bets').select((eb) => eb.fn.countAll().as('n')).where('match_id', '=', matchId).executeTakeFirstOrThrow();
      one = await timed(`recomputeAfterResults, one match (${Number(perMatch.n).toLocaleString('en')} bets)`, () =>
        deps.db.transaction().execute((trx) => recomputeAfterResults(trx, data.competitionId, [matchId])));
      // What moved to reads: the first table read after a result builds it (totals, winners, hit counters).
      const started = performance.now();
      const cold = await fetch(`${appBase}${tablePath}`, { headers: reader });
      await cold.arrayBuffer();
      tableAfterResult = performance.now() - started;
      console.log(`  first read of the big league's table after it (built, not cached): ${seconds(tableAfterResult)}`);
      // A corrected result rebuilds its matchday's rows from every bet of the matchday (first results only add theirs).
      await deps.db.updateTable('matches').set({ local_goals: 3 }).where('id', '=', matchId).execute();
      correction = await timed('recomputeAfterResults, the same match corrected (its matchday rebuilt)', () =>
        deps.db.transaction().execute((trx) => recomputeAfterResults(trx, data.competitionId, [matchId])));
    }

    console.log(`\n${database.label}, ${CONNECTIONS} connections, ${DURATION} s per route, load average now ${load()}`);
    printRows(rows, ceiling);
    const [oneTarget, cupTarget] = dialect === 'sqlite' ? [300, 3000] : [500, 8000];
    const verdict = (ms: number, target: number) => `${ms < target ? 'ok' : 'MISSED'} (< ${seconds(target)})`;
    if (one) console.log(`${'recomputeAfterResults (one match)'.padEnd(38)}${seconds(one.ms).padStart(8)}  ${verdict(one.ms, oneTarget)}`);
    if (cup) console.log(`${'recomputeCompetition (whole cup)'.padEnd(38)}${seconds(cup.ms).padStart(8)}  ${verdict(cup.ms, cupTarget)}`);
    if (correction) console.log(`${'recomputeAfterResults (correction)'.padEnd(38)}${seconds(correction.ms).padStart(8)}`);
    if (tableAfterResult !== null) console.log(`${'1,000-member table, first read after'.padEnd(38)}${seconds(tableAfterResult).padStart(8)}`);
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
