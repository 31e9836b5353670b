/**
 * A result applied at World Cup scale, on PostgreSQL, with the standings kept ranked (docs/standings.md): in one run,
 * BENCH_LEAGUES (default 10) leagues of BENCH_MEMBERS (default 200,000) players each, every player in one of them and
 * in the competition's overall ranking (2,000,000 players), a played match already counted, and the result of the
 * next match timed (everybody bet on it: 2,000,000 bets). Three processes, as `npm start` runs them:
 * - a serving process (the compiled server, RESULT_JOBS=external) that takes the bet saves and the table reads;
 * - a result runner process (resultRunner.js) that applies the result;
 * - PostgreSQL; the load generators (autocannon here, wrk if installed) run in this process.
 * Measured:
 * - bet saves of the first league's members on the open match (BENCH_CONNECTIONS, default 50; BENCH_DURATION s,
 *   default 10) without a job, held to `pgbench` one-UPDATE transactions right before and after them;
 * - the result job: time from the result's commit to the last league and the overall ranking holding it, with saves
 *   alongside (their rate held to the rate without the job);
 * - then, from the serving process (which never ran the job), the first read of pages of each of the eleven tables
 *   (the ten leagues and the overall ranking) at the top, the middle and the bottom, and of `ranking/:id/me` for a
 *   player near the bottom: p99;
 * - the serving process's RSS after reading pages of all eleven tables against its RSS after reading a 1,000-member
 *   table, and the CPU time each process spent per request (from /proc).
 * Targets: the job within 15 s; saves during it at least 0.7 of their rate without it, p99 < 50 ms; reads p99 < 50 ms;
 * RSS within 50 MB. BENCH_PG_SCHEMA=name keeps the dataset for later runs (the timed result is withdrawn at start).
 *
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/resultJob.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate } from '../src/server/platform/db/database';
import { loadJwtSecret } from '../src/server/platform/sessions/tokens';
import { applyResults } from '../src/server/domain/resultJobs/applyResults';
import { compiledServer, startServerProcess, type ServerProcess } from '../src/server/testing/serverProcess';
import { apiPath } from './lib/apiPath';
import { benchToken, openBenchDatabase } from './lib/betsDataset';
import { backendsCpu, cpuBetween } from './lib/pgCost';
import { preparePgbench, runPgbenchOneUpdate, type PgbenchProtocol } from './lib/pgbench';
import { createRankedDataset, existingRankedDataset } from './lib/rankedDataset';
import { hasWrk, wrkLoad, type LoadRequest, type LoadResult } from './lib/wrkLoad';

const LEAGUES = Number(process.env.BENCH_LEAGUES ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 200_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WRITERS = 200;
const PGBENCH_CLIENTS = 50;
const JWT_SECRET = 'bench-secret-of-at-least-thirty-two-characters';
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const row = (r: LoadResult) => `${r.rate.toFixed(0)} req/s, p99 ${r.p99Ms.toFixed(0)} ms, ${r.errors} errors, ${r.non2xx} non-2xx`;
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** CPU milliseconds a process has used so far (user + system, /proc). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** Resident memory of a process in MB (/proc). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

const autocannonLoad = async (url: string, requests: LoadRequest[], connections: number, duration: number): Promise<LoadResult> => {
  const r = await autocannon({ url, workers: 1, duration, connections, requests, timeout: 30 });
  return { rate: r.requests.average, p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function main(): Promise<void> {
  process.removeAllListeners('warning');
  if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DATABASE_URL (PostgreSQL) is required');
  const database = await openBenchDatabase(20);
  const { db } = database.handle;
  await migrate(database.handle);
  let server: ServerProcess | null = null;
  let runner: ChildProcess | null = null;
  try {
    const now = Date.now();
    let started = performance.now();
    const kept = process.env.BENCH_PG_SCHEMA ? await existingRankedDataset(db) : null;
    const data = kept ?? await createRankedDataset(db, now, { leagues: LEAGUES, members: MEMBERS, writers: WRITERS });
    await sql`VACUUM ANALYZE`.execute(db);
    const players = Number((await sql<{ n: string }>`SELECT SUM(members) AS n FROM overall_counts WHERE competition_id = ${data.competitionId}`.execute(db)).rows[0].n);
    console.log(`${database.label}: ${LEAGUES} leagues of ${MEMBERS.toLocaleString('en')}, ${players.toLocaleString('en')} players ranked overall, `
      + `${kept ? 'kept from an earlier run' : `built in ${seconds(performance.now() - started)}`} (load ${load()})`);

    // The serving process: the compiled server, as npm start runs it, without a runner of its own.
    compiledServer();
    server = await startServerProcess({ DATABASE_URL: database.url, RESULT_JOBS: 'external', JWT_SECRET, DATABASE_POOL_SIZE: '20' }, 120_000);
    const serving = server.child.pid!;
    const secret = await loadJwtSecret(db, JWT_SECRET);
    const tokens = new Map<number, string>();
    for (const userId of [...data.writerIds, data.bottomPlayerId]) tokens.set(userId, await benchToken(db, secret, userId, now));
    // Tables are read by a global admin, who may read every league's.
    const { id: adminId } = await db.insertInto('users').values({
      name: 'Bench admin', email: `bench-admin-${now}@example.com`, password_hash: 'bench-no-password', is_admin: 1, locale: 'en', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    const reader = await benchToken(db, secret, Number(adminId), now);
    const get = async (path: string, token = reader) => {
      const from = performance.now();
      const res = await fetch(`${server!.origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - from;
    };

    // Memory after a small table, read a few times (the process warmed up).
    for (let i = 0; i < 20; i += 1) await get(apiPath('usersLeagueTable', { id: data.smallLeagueId }));
    const rssSmall = rssMb(serving);

    const writerBets = await db.selectFrom('result_bets').select(['id', 'user_id'])
      .where('league_id', '=', data.leagueIds[0]).where('match_id', '=', data.openMatchId).execute();
    const requests = writerBets.map((bet, i) => ({
      method: 'POST', path: apiPath('updateResultBet'),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.get(Number(bet.user_id))}` },
      body: JSON.stringify({ result_bet_id: bet.id, local_goals: i % 4, visiting_goals: (i * 3) % 5 }),
    }));
    const saves = () => autocannonLoad(server!.origin, requests, CONNECTIONS, DURATION);
    await saves();
    await preparePgbench(database.url);
    const ceiling = async (protocol: PgbenchProtocol) => {
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      return runPgbenchOneUpdate(database.url, PGBENCH_CLIENTS, DURATION, protocol);
    };
    const before = await ceiling('simple');
    const servingCpu0 = cpuMs(serving);
    const quiet = await saves();
    const savesCpuMs = (cpuMs(serving) - servingCpu0) / (quiet.rate * DURATION);
    const fromWrk = hasWrk() ? await wrkLoad(server.origin, requests, CONNECTIONS, DURATION) : null;
    const after = await ceiling('simple');
    const pgbenchTps = (before.tps + after.tps) / 2;
    console.log(`\nbet saves without a job: ${row(quiet)}; ${(savesCpuMs * 1000).toFixed(0)} us of serving-process CPU a save`);
    if (fromWrk) console.log(`  from wrk: ${row(fromWrk)}`);
    console.log(`pgbench -M simple, one UPDATE per transaction, ${PGBENCH_CLIENTS} clients: ${before.tps.toFixed(0)} TPS before, ${after.tps.toFixed(0)} after; `
      + `saves / pgbench: ${(quiet.rate / pgbenchTps).toFixed(2)} (load ${load()})`);

    // The runner, started now and woken by the result's notification.
    const runnerFile = join(compiledServer(), '..', 'resultRunner.js');
    runner = spawn(process.execPath, [runnerFile], {
      env: { PATH: process.env.PATH, NODE_PATH: join(process.cwd(), 'node_modules'), NODE_ENV: 'production', DATABASE_URL: database.url, LOG_LEVEL: 'warn', JWT_SECRET },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const pgBefore = await backendsCpu(admin, '');
    const [runnerCpu0, servingCpu1] = [cpuMs(runner.pid!), cpuMs(serving)];
    started = performance.now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('matches').set({ finished: 1, started: 1, status: 'finished', local_goals: 2, visiting_goals: 1 })
        .where('id', '=', data.resultMatchId).execute();
      await applyResults(trx, { competitionId: data.competitionId, matchIds: [data.resultMatchId], trigger: 'manual', now: Date.now() });
    });
    const during = saves();
    let jobMs = 0;
    for (;;) {
      const open = await db.selectFrom('result_jobs').select('id').where('status', 'in', ['pending', 'running']).executeTakeFirst();
      if (!open) { jobMs = performance.now() - started; break; }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const busy = await during;
    const pgCpu = cpuBetween(pgBefore, await backendsCpu(admin, ''));
    const runnerCpu = cpuMs(runner.pid!) - runnerCpu0;
    const servingCpuDuring = cpuMs(serving) - servingCpu1;
    await admin.end();
    const ratio = busy.rate / quiet.rate;
    console.log(`\nresult job, ${LEAGUES} leagues of ${MEMBERS.toLocaleString('en')} and the overall ranking: ${seconds(jobMs)}  ${verdict(jobMs < 15_000)} (< 15 s)`);
    console.log(`  CPU meanwhile: runner process ${seconds(runnerCpu)}, PostgreSQL backends ${seconds(pgCpu)}, serving process ${seconds(servingCpuDuring)} `
      + `(its saves); RSS: runner ${rssMb(runner.pid!).toFixed(0)} MB`);
    console.log(`bet saves during the job (first ${DURATION} s): ${row(busy)}; ratio to without ${ratio.toFixed(2)}  `
      + `${verdict(busy.p99Ms < 50 && ratio >= 0.7)} (p99 < 50 ms, ratio >= 0.7)`);

    // First reads after the result, from the serving process: pages of every table, and a bottom player's place.
    const readings: number[] = [];
    const servingCpu2 = cpuMs(serving);
    let reads = 0;
    for (const leagueId of data.leagueIds) {
      for (const offset of [0, Math.floor(MEMBERS / 2), MEMBERS - 50]) {
        readings.push(await get(`${apiPath('usersLeagueTable', { id: leagueId })}?offset=${offset}&limit=50`));
        reads += 1;
      }
    }
    let cursor: number | null = null;
    for (let page = 0; page < 3; page += 1) {
      const path = `${apiPath('competitionRanking', { id: data.competitionId })}${cursor === null ? '' : `?after=${cursor}`}`;
      readings.push(await get(path));
      const res = await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${reader}` } });
      cursor = ((await res.json()) as { next_after: number | null }).next_after;
      reads += 2;
    }
    const meMs: number[] = [];
    for (let i = 0; i < 20; i += 1) meMs.push(await get(apiPath('competitionRankingMe', { id: data.competitionId }), tokens.get(data.bottomPlayerId)));
    readings.push(...meMs);
    reads += meMs.length;
    const readCpuMs = (cpuMs(serving) - servingCpu2) / reads;
    const rssBig = rssMb(serving);
    const p99 = percentile(readings, 99);
    console.log(`\nfirst reads after the result (${readings.length}: pages of ${LEAGUES} tables at the top, middle and bottom, the overall ranking, `
      + `a bottom player's place): p50 ${percentile(readings, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms  ${verdict(p99 < 50)} (< 50 ms); `
      + `ranking/me p99 ${percentile(meMs, 99).toFixed(1)} ms; ${readCpuMs.toFixed(1)} ms of serving-process CPU a read`);
    console.log(`serving process RSS: ${rssSmall.toFixed(0)} MB after a 1,000-member table, ${rssBig.toFixed(0)} MB after the eleven big ones: `
      + `+${(rssBig - rssSmall).toFixed(0)} MB  ${verdict(rssBig - rssSmall < 50)} (< 50 MB)`);
    console.log(`load average now ${load()}`);
  } finally {
    runner?.kill('SIGTERM');
    await server?.terminate(20_000);
    await database.handle.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
