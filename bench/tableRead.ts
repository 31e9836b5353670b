/**
 * Reads of a big league's table and of the overall ranking, on SQLite by default (BENCH_DATABASE_URL: PostgreSQL):
 * a league of BENCH_MEMBERS (default 100,000) players who bet on two played matches, ranked as the result job ranks
 * it, then BENCH_READS (default 300) reads through the app: pages at random offsets (the player's own row with each),
 * the overall ranking's pages and a bottom player's place in it. Target: p99 < 50 ms. The CPU time of this process
 * per read is printed beside it. BENCH_SQLITE_FILE=path keeps (and reuses) the SQLite database.
 *
 *   npx tsx bench/tableRead.ts
 */
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { createCompetitionPartitions } from '../src/server/platform/db/competitionPartitions';
import type { Db } from '../src/server/platform/db/database';
import { recomputeCompetition } from '../src/server/domain/rescoring/recompute';
import { apiPath } from './lib/apiPath';
import { benchToken, openBenchDatabase } from './lib/betsDataset';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const READS = Number(process.env.BENCH_READS ?? 300);

/** Numbers 1..n as rows, in SQL both databases run. */
const series = (n: number) => sql`(WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${n}) SELECT n FROM s)`;

async function dataset(db: Db, now: number): Promise<{ leagueId: number; competitionId: number; top: number; bottom: number }> {
  const kept = await db.selectFrom('leagues').select(['id', 'competition_id']).where('name', '=', 'Read league').executeTakeFirst();
  if (!kept) {
    await sql`INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
      SELECT 'Member ' || n, 'read' || n || '@example.com', 'bench-no-password', 0, 'en', 0, ${now}, ${now} FROM ${series(MEMBERS)} x`.execute(db);
    const { id: competitionId } = await db.insertInto('competitions')
      .values({ name: 'Read Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await createCompetitionPartitions(db, competitionId);
    const teams = await db.insertInto('teams').values([0, 1].map((i) => ({
      team_name: `Read ${i}`, abbreviation: `RD${i}`, flag: null, is_flag: 0 as const, colors: '[]', external_key: `bench-read:${competitionId}:${i}`,
    }))).returning('id').execute();
    const matches = await db.insertInto('matches').values([1, 2].map((matchday) => ({
      competition_id: competitionId, group_id: null, round_id: 1, matchday, local_team_id: teams[0].id, visiting_team_id: teams[1].id,
      date: now - (3 - matchday) * 86_400_000, status: 'finished', started: 1 as const, finished: 1 as const, local_goals: matchday, visiting_goals: 1,
      external_key: `bench-read:${competitionId}:${matchday}`, updated_at: now,
    }))).returning('id').execute();
    const { id: leagueId } = await db.insertInto('leagues').values({
      name: 'Read league', name_normalized: 'read league', competition_id: competitionId, owner_id: 1, bets_system: 'exact',
      points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
      allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: `bench-read-${now}`, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
      SELECT ${leagueId}, u.id, CASE WHEN u.id % 3 = 0 THEN 'Sales' ELSE NULL END, ${now} FROM users u WHERE u.email LIKE 'read%'`.execute(db);
    for (const [i, match] of matches.entries()) {
      await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
        SELECT ${leagueId}, lm.user_id, ${match.id}, 0, (lm.user_id * ${i + 1}) % 4, (lm.user_id * 7) % 3, 0, ${now}, ${competitionId}
        FROM league_members lm WHERE lm.league_id = ${leagueId}`.execute(db);
    }
    await db.transaction().execute((trx) => recomputeCompetition(trx, competitionId));
    return dataset(db, now);
  }
  const order = (direction: 'asc' | 'desc') => db.selectFrom('member_standings').select('user_id').where('league_id', '=', kept.id)
    .orderBy('k0', direction).orderBy('user_id', direction).limit(1).executeTakeFirstOrThrow();
  return { leagueId: Number(kept.id), competitionId: Number(kept.competition_id), top: Number((await order('asc')).user_id), bottom: Number((await order('desc')).user_id) };
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

async function main(): Promise<void> {
  const database = await openBenchDatabase(10);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0', RESULT_JOBS: 'external' }), clientDir: '/nonexistent' };
  const { app, deps } = await buildApp({ config, database: database.handle, logger: false });
  try {
    const started = performance.now();
    const data = await dataset(deps.db, deps.clock.now());
    console.log(`${database.label}: a league of ${MEMBERS.toLocaleString('en')} ranked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const token = await benchToken(deps.db, deps.jwtSecret, data.bottom, deps.clock.now());
    const read = async (url: string) => {
      const from = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return { ms: performance.now() - from, data: res.json() as { next_after?: number | null } };
    };
    for (let i = 0; i < 20; i += 1) await read(`${apiPath('usersLeagueTable', { id: data.leagueId })}?offset=${i * 1000}`);
    const tables: number[] = [];
    const rankings: number[] = [];
    const cpu = process.cpuUsage();
    let after: number | null | undefined = null;
    for (let i = 0; i < READS; i += 1) {
      const offset = Math.floor(Math.random() * (MEMBERS - 50));
      tables.push((await read(`${apiPath('usersLeagueTable', { id: data.leagueId })}?offset=${offset}&limit=50`)).ms);
      if (i % 3 === 0) rankings.push((await read(apiPath('competitionRankingMe', { id: data.competitionId }))).ms);
      if (i % 3 === 1) {
        const page = await read(`${apiPath('competitionRanking', { id: data.competitionId })}${after ? `?after=${after}` : ''}`);
        rankings.push(page.ms);
        after = page.data.next_after;
      }
    }
    const used = process.cpuUsage(cpu);
    const count = tables.length + rankings.length;
    const verdict = (ms: number) => (ms < 50 ? 'ok' : 'MISSED');
    console.log(`table pages with the reader's own row (${tables.length}): p50 ${percentile(tables, 50).toFixed(1)} ms, `
      + `p99 ${percentile(tables, 99).toFixed(1)} ms  ${verdict(percentile(tables, 99))} (< 50 ms)`);
    console.log(`overall ranking pages and a bottom player's place (${rankings.length}): p50 ${percentile(rankings, 50).toFixed(1)} ms, `
      + `p99 ${percentile(rankings, 99).toFixed(1)} ms  ${verdict(percentile(rankings, 99))} (< 50 ms)`);
    console.log(`process CPU a read: ${((used.user + used.system) / 1000 / count).toFixed(2)} ms (database included on SQLite); `
      + `RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await app.close();
    await database.handle.close();
    await database.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
