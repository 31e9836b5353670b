/**
 * Reference reads under load: requests per second and p99 latency of
 * GET teams/index/{id} and GET matches/index/{id} on SQLite with 50 connections, next to an empty Fastify
 * route measured in the same run (before and after each route). Target: each reference read at least a
 * quarter of the empty route.
 *
 *   npx tsx bench/reference.ts            (BENCH_DURATION=seconds per route, default 10)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { createBenchDataset } from './lib/dataset';
import { compareToBaseline, measure, printComparisons } from './lib/measure';

const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const TARGET = 0.25;

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

async function main(): Promise<void> {
  // Start-up warnings of the app (deprecations, schema notes) would bury the table.
  process.removeAllListeners('warning');
  const dir = mkdtempSync(join(tmpdir(), 'porra-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
  const config = { ...loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }), clientDir: join(dir, 'no-client') };
  const { app, deps } = await buildApp({ config, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/empty', async () => ({}));
  try {
    const data = await createBenchDataset(deps.db, deps.clock.now());
    console.log(`SQLite ${databaseUrl}: ${data.matches} matches, ${data.teams} teams, ${data.people} people; ${CONNECTIONS} connections, ${DURATION} s per route\n`);
    const appBase = `${await listen(app)}/api/v1/en`;
    const bareBase = await listen(bare);
    const options = { connections: CONNECTIONS, duration: DURATION };
    // A short warm-up so JIT and SQLite page cache do not count against the first route measured.
    await measure('warm-up', `${appBase}/matches/index/${data.leagueId}`, { connections: 10, duration: 2 });
    // Requests as a browser sends them: large cached answers then travel gzipped.
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const route = (name: string, path: string, headers: Record<string, string> = browser) =>
      () => measure(name, `${appBase}${path}`, { ...options, headers });
    const comparisons = await compareToBaseline(() => measure('empty Fastify route', `${bareBase}/empty`, options), [
      route('teams/index/{cup} (32 teams)', `/teams/index/${data.cupId}`),
      route('teams/index/{league} (20 teams)', `/teams/index/${data.leagueId}`),
      route('matches/index/{cup} (64)', `/matches/index/${data.cupId}`),
      route('matches/index/{league}?matchday (10)', `/matches/index/${data.leagueId}?matchday=19`),
      route('matches/index/{league} (380)', `/matches/index/${data.leagueId}`),
      // The same ~150 KB season without gzip: bounded by bytes on the wire.
      route('matches/index/{league} (380), no gzip', `/matches/index/${data.leagueId}`, {}),
    ]);
    console.log('');
    printComparisons(comparisons, TARGET);
  } finally {
    await bare.close();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
