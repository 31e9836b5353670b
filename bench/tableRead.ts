/**
 * Where the first read of a big league's table goes, on a dataset kept by bench/resultJob.ts (BENCH_PG_SCHEMA):
 * each step of the build timed apart (BENCH_ROUTE_ONLY=1: not), then the route's first read and a second one
 * (BENCH_PREBUILD=1: after the ranked table's prebuild, as the result job leaves it; TABLE_QUERY: a query string).
 *
 *   BENCH_DATABASE_URL=postgres://... BENCH_PG_SCHEMA=<kept> npx tsx bench/tableRead.ts
 */
import type { AppDeps } from '../src/server/platform/deps';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { prebuildingRankedTables, prebuildRankedTables } from '../src/server/domain/standings/rankedTables';
import { departmentMembers, rankColumns } from '../src/server/domain/standings/columnRanking';
import { LOCALES } from '../src/shared/domain/locales';
import * as repo from '../src/server/domain/standings/standingsRepository';
import { rankDepartments } from '../src/server/domain/standings/tableRanking';
import { benchToken, openBenchDatabase } from './lib/betsDataset';

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const value = await work();
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return value;
}

async function main(): Promise<void> {
  const database = await openBenchDatabase(10);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }), clientDir: '/nonexistent' };
  const { app, deps } = await buildApp({ config, database: database.handle, logger: false });
  try {
    const league = await deps.db.selectFrom('leagues').select(['id', 'competition_id']).orderBy('id').executeTakeFirstOrThrow();
    const member = await deps.db.selectFrom('league_members').select('user_id').where('league_id', '=', league.id).orderBy('user_id').executeTakeFirstOrThrow();
    const [leagueId, competitionId] = [Number(league.id), Number(league.competition_id)];
    if (!process.env.BENCH_ROUTE_ONLY) await steps(deps, leagueId, competitionId);
    if (process.env.BENCH_PREBUILD) {
      // As after a result batch: the league's table ranked in the background, then read (the page, not a build).
      const heap = process.memoryUsage().heapUsed;
      await timed('prebuild of the ranked table', async () => {
        prebuildRankedTables(deps, [leagueId]);
        await prebuildingRankedTables(deps);
      });
      global.gc?.();
      console.log(`heap kept: ${((process.memoryUsage().heapUsed - heap) / 1024 / 1024).toFixed(0)} MB`);
    }
    const token = await benchToken(deps.db, deps.jwtSecret, Number(member.user_id), deps.clock.now());
    for (const read of ['first', 'second']) {
      await timed(`route, ${read} read`, async () => {
        const res = await app.inject({ method: 'GET', url: `/api/v1/en/leagues/users_league_table/${leagueId}${process.env.TABLE_QUERY ?? ''}`, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } });
        console.log(`  status ${res.statusCode}, ${(res.rawPayload.length / 1024).toFixed(0)} KB`);
      });
    }
  } finally {
    await app.close();
    await database.handle.close();
    await database.dispose();
  }
}

async function steps(deps: AppDeps, leagueId: number, competitionId: number): Promise<void> {
  const members = await timed('SQL members (totals, packed matchdays, hit counters)', () => repo.listTableMembers(deps.db, leagueId, competitionId));
  const complete = await timed('SQL matchday completion', () => repo.matchdayCompletion(deps.db, competitionId));
  const { rows } = await timed(`JS ranked into columns (${LOCALES.join(', ')})`, () => rankColumns(members, complete, 1, [], LOCALES));
  await timed('JS departments', () => rankDepartments(departmentMembers(rows), 'en'));
}

main().catch((error: unknown) => { console.error(error); process.exitCode = 1; });
