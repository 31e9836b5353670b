/**
 * The matchday spike: the last minutes before a World Cup matchday deadline, against two server
 * processes over one PostgreSQL. Players arrive at a steady rate; each comes back signed in (or signs in again:
 * SPIKE_SIGN_IN_SHARE, real scrypt at SCRYPT_COST), opens the home screen (users/index, leagues/index), reads their
 * bets and their league's table, then saves one to three bets with a second or so between them. Meanwhile an admin
 * corrects the last played match every SPIKE_RESULT_EVERY seconds: every bet on it in every league (51,000) is
 * re-scored and standings updated inside one of the two processes. Requests alternate between the processes like
 * a load balancer's. Reports throughput, p50/p99 and errors per endpoint for each arrival rate, and first what one
 * request of each kind costs the server process and PostgreSQL (the inputs of docs/capacity.md).
 *
 *   BENCH_DATABASE_URL=postgres://... [BENCH_PG_SCHEMA=kept] npx tsx bench/spike.ts
 *   SPIKE_RATES=players/s,... (default 20,40,80)  SPIKE_SECONDS per rate (default 60)  SPIKE_PLAYERS (default 5000)
 *   SPIKE_SIGN_IN_SHARE (default 0.02)  SPIKE_POOL per process (default 20)  SPIKE_CALIBRATE=0 skips the cost table
 *   SPIKE_CPU_PROF=dir writes a CPU profile of each server process there
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate } from '../src/server/platform/db/database';
import { loadJwtSecret } from '../src/server/platform/sessions/tokens';
import { createBetsDataset, existingBetsDataset, openBenchDatabase } from './lib/betsDataset';
import { backendsCpu, cpuBetween, walPosition } from './lib/pgCost';
import { JsonClient, sleep, Stats } from './lib/spikeLoad';
import { prepareSpikeWorld, SPIKE_PASSWORD, type Player, type SpikeWorld } from './lib/spikeWorld';

const RATES = (process.env.SPIKE_RATES ?? '20,40,80').split(',').map(Number);
const SECONDS = Number(process.env.SPIKE_SECONDS ?? 60);
const PLAYERS = Number(process.env.SPIKE_PLAYERS ?? 5000);
const SIGN_IN_SHARE = Number(process.env.SPIKE_SIGN_IN_SHARE ?? 0.02);
const POOL = Number(process.env.SPIKE_POOL ?? 20);
const RESULT_EVERY = Number(process.env.SPIKE_RESULT_EVERY ?? 20);
const SCRYPT_COST = Number(process.env.SCRYPT_COST ?? 17);
const APP = 'porra_spike_';
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];
const think = () => sleep(300 + Math.random() * 1200);

interface Server { child: ChildProcess; client: JsonClient }

function startServer(url: string, name: string): Promise<Server> {
  const database = new URL(url);
  database.searchParams.set('application_name', `${APP}${name}`);
  const child = fork(join(__dirname, 'lib/spikeServer.ts'), {
    execArgv: ['--import', 'tsx', ...(process.env.SPIKE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SPIKE_CPU_PROF}`] : [])], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, DATABASE_URL: database.toString(), DATABASE_POOL_SIZE: String(POOL), TRUST_PROXY: 'true',
      SEED_DEMO: 'false', LOG_LEVEL: 'info', SCRYPT_COST: String(SCRYPT_COST) },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message: { address: string }) => resolve({ child, client: new JsonClient(message.address, 256) }));
    child.once('exit', (code) => reject(new Error(`server ${name} exited (${code})`)));
  });
}

function cpuOf(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.child.once('message', (message: { cpu: NodeJS.CpuUsage }) => resolve((message.cpu.user + message.cpu.system) / 1000));
    server.child.send('cpu');
  });
}

/** One player's visit: back signed in (or signing in again), home screen, bets, table, one to three saves. */
async function visit(servers: Server[], player: Player, stats: Stats, turn: () => number): Promise<void> {
  const server = () => servers[turn() % servers.length].client;
  const base = { 'x-forwarded-for': player.ip };
  let token = player.token;
  if (player.signsIn) {
    const signed = await stats.time('users/sign_in', () => server().send('POST', '/api/v1/users/sign_in', base,
      { api_v1_user: { email: player.email, password: SPIKE_PASSWORD } }));
    if (!signed) return;
    token = signed.data.token;
  }
  const headers = { ...base, authorization: `Bearer ${token}` };
  const league = pick(player.leagueIds);
  await stats.time('users/index', () => server().send('GET', '/api/v1/en/users/index', headers));
  await stats.time('leagues/index', () => server().send('GET', '/api/v1/en/leagues/index', headers));
  const bets = await stats.time('result_bets/index', () => server().send('GET', `/api/v1/en/result_bets/index/${league}`, headers));
  await stats.time('users_league_table', () => server().send('GET', `/api/v1/en/leagues/users_league_table/${league}`, headers));
  const open = ((bets?.data ?? []) as { id: number; allow_edit_bets: boolean }[]).filter((bet) => bet.allow_edit_bets);
  for (const bet of open.slice(0, 1 + Math.floor(Math.random() * 3))) {
    await think();
    await stats.time('update_result_bet', () => server().send('POST', '/api/v1/en/result_bets/update_result_bet', headers,
      { result_bet_id: bet.id, local_goals: Math.floor(Math.random() * 4), visiting_goals: Math.floor(Math.random() * 4) }));
  }
}

/** A result correction every RESULT_EVERY seconds until `until`: re-scores every bet on the match. */
async function resultsUpdates(servers: Server[], world: SpikeWorld, stats: Stats, until: number): Promise<void> {
  for (let i = 0; performance.now() + RESULT_EVERY * 1000 < until; i += 1) {
    await sleep(RESULT_EVERY * 1000 / 2);
    await stats.time('matches (result, recompute)', () => servers[i % servers.length].client.send('PUT', `/api/v1/en/matches/${world.resultMatchId}`,
      { authorization: `Bearer ${world.adminToken}` }, { match: { local_goals: i % 3, visiting_goals: 1 } }));
    await sleep(RESULT_EVERY * 1000 / 2);
  }
}

async function stage(servers: Server[], world: SpikeWorld, monitor: pg.Client, rate: number, offset: number): Promise<void> {
  const stats = new Stats();
  let turns = 0;
  const cpuBefore = await Promise.all(servers.map(cpuOf));
  const pgBefore = await backendsCpu(monitor, APP);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const admin = resultsUpdates(servers, world, stats, until);
  const visits: Promise<void>[] = [];
  // Arrivals in 50 ms ticks, carrying fractions over.
  let due = 0;
  for (let n = 0; performance.now() < until; await sleep(50)) {
    due += rate / 20;
    for (; due >= 1; due -= 1, n += 1) visits.push(visit(servers, world.players[(offset + n) % world.players.length], stats, () => turns++));
  }
  await Promise.all([...visits, admin]);
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (await Promise.all(servers.map(cpuOf))).map((ms, i) => ms - cpuBefore[i]);
  const pgCpu = cpuBetween(pgBefore, await backendsCpu(monitor, APP));
  console.log(`\n${rate} players/s for ${SECONDS} s (${visits.length} visits), load average ${load()}`);
  console.log(`${'endpoint'.padEnd(30)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}  errors`);
  for (const row of stats.summary(elapsed)) {
    console.log(`${row.endpoint.padEnd(30)}${String(row.count).padStart(9)}${row.perSecond.toFixed(0).padStart(8)}${row.p50.toFixed(1).padStart(8)}`
      + `${row.p99.toFixed(1).padStart(8)}${row.max.toFixed(0).padStart(8)}  ${row.errors}`);
  }
  const saves = stats.summary(elapsed).find((row) => row.endpoint === 'update_result_bet');
  const errors = stats.summary(elapsed).reduce((n, row) => n + (row.errors === '0' ? 0 : 1), 0);
  console.log(`server CPU ${cpu.map((ms) => `${(ms / elapsed / 10).toFixed(0)}%`).join(' + ')} of a core, PostgreSQL backends ${(pgCpu / elapsed / 10).toFixed(0)}%;`
    + ` bet saves p99 ${saves?.p99.toFixed(0)} ms: ${saves && saves.p99 < 100 && errors === 0 ? 'SUSTAINED (0 errors, p99 < 100 ms)' : 'not sustained'}`);
}

/** What one request of each kind costs: server CPU, PostgreSQL backend CPU and WAL, on one process. */
async function calibrate(server: Server, world: SpikeWorld, monitor: pg.Client): Promise<void> {
  const bigLeague = world.players[0].leagueIds.find((id) => world.players.filter((p) => p.leagueIds.includes(id)).length > 100)!;
  const small = (p: Player) => p.leagueIds.find((id) => id !== bigLeague)!;
  const betsOf = new Map<number, number[]>();
  const kinds: [string, number, (p: Player, h: Record<string, string>) => Promise<{ status: number; data: any }>][] = [
    ['users/index', 2000, (_p, h) => server.client.send('GET', '/api/v1/en/users/index', h)],
    ['leagues/index', 2000, (_p, h) => server.client.send('GET', '/api/v1/en/leagues/index', h)],
    ['result_bets/index', 2000, async (p, h) => {
      const res = await server.client.send('GET', `/api/v1/en/result_bets/index/${small(p)}`, h);
      betsOf.set(p.id, (res.data as { id: number; allow_edit_bets: boolean }[]).filter((b) => b.allow_edit_bets).map((b) => b.id));
      return res;
    }],
    ['users_league_table (25)', 2000, (p, h) => server.client.send('GET', `/api/v1/en/leagues/users_league_table/${small(p)}`, h)],
    ['users_league_table (1,000)', 2000, (_p, h) => server.client.send('GET', `/api/v1/en/leagues/users_league_table/${bigLeague}`, h)],
    ['update_result_bet', 2000, (p, h) => server.client.send('POST', '/api/v1/en/result_bets/update_result_bet', h,
      { result_bet_id: betsOf.get(p.id)![0], local_goals: 2, visiting_goals: 1 })],
    ['users/sign_in', 12, (p, h) => server.client.send('POST', '/api/v1/users/sign_in', { 'x-forwarded-for': h['x-forwarded-for'] },
      { api_v1_user: { email: p.email, password: SPIKE_PASSWORD } })],
  ];
  const bigMembers = world.players.filter((p) => p.leagueIds.includes(bigLeague));
  const playersFor = (name: string) => name === 'users/sign_in' ? world.players.filter((p) => p.signsIn)
    : name.includes('1,000') ? bigMembers : world.players.slice(0, 2000);
  console.log(`\nCost per request, one process, 16 at a time, after a warm-up round of each (load average ${load()})`);
  console.log(`${'request'.padEnd(30)}${'server µs'.padStart(11)}${'PG µs'.padStart(9)}${'WAL B'.padStart(9)}${'req/s'.padStart(8)}`);
  const run = async (name: string, players: Player[], from: number, count: number, send: (p: Player, h: Record<string, string>) => Promise<{ status: number; data: any }>) => {
    let next = from;
    await Promise.all(Array.from({ length: 16 }, async () => {
      for (let i = next++; i < from + count; i = next++) {
        const p = players[i % players.length];
        const res = await send(p, { authorization: `Bearer ${p.token}`, 'x-forwarded-for': p.ip });
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.data)}`);
      }
    }));
  };
  // Warm-up: compiled code paths and connections, and each player's bets of the matchday (as after a first visit).
  for (const [name, count, send] of kinds) if (name !== 'users/sign_in') await run(name, playersFor(name), 0, count, send);
  for (const [name, count, send] of kinds) {
    const players = playersFor(name);
    const cpu0 = await cpuOf(server);
    const pg0 = await backendsCpu(monitor, APP);
    const wal0 = await walPosition(monitor);
    const started = performance.now();
    await run(name, players, count, count, send);
    const seconds = (performance.now() - started) / 1000;
    const serverUs = ((await cpuOf(server)) - cpu0) * 1000 / count;
    const pgUs = cpuBetween(pg0, await backendsCpu(monitor, APP)) * 1000 / count;
    const wal = Number((await walPosition(monitor)) - wal0) / count;
    console.log(`${name.padEnd(30)}${serverUs.toFixed(0).padStart(11)}${pgUs.toFixed(0).padStart(9)}${wal.toFixed(0).padStart(9)}${(count / seconds).toFixed(0).padStart(8)}`);
  }
}

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('bench/spike.ts needs BENCH_DATABASE_URL (PostgreSQL)');
  const database = await openBenchDatabase(5);
  const { db } = database.handle;
  await migrate(database.handle);
  const kept = await existingBetsDataset(db, Date.now());
  const data = kept ?? await createBetsDataset(db, Date.now());
  if (!kept) await sql`VACUUM ANALYZE`.execute(db);
  const world = await prepareSpikeWorld(db, data, await loadJwtSecret(db, null),
    { count: PLAYERS, signInShare: SIGN_IN_SHARE, scryptCost: SCRYPT_COST });
  console.log(`${database.label}: ${world.players.length} players (${world.players.filter((p) => p.signsIn).length} sign in again),`
    + ` matchday ${world.currentMatchday} closes in 10 minutes; 2 processes, pool ${POOL} each; load average ${load()}`);
  const monitor = new pg.Client({ connectionString: database.url });
  await monitor.connect();
  const servers = await Promise.all([startServer(database.url, 'a'), startServer(database.url, 'b')]);
  try {
    if (process.env.SPIKE_CALIBRATE !== '0') await calibrate(servers[0], world, monitor);
    let offset = 0;
    for (const rate of RATES) {
      await stage(servers, world, monitor, rate, offset);
      offset += rate * SECONDS;
    }
  } finally {
    for (const server of servers) { server.client.close(); server.child.send('stop'); }
    await monitor.end();
    await database.handle.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
