/**
 * Who can still win: GET leagues/title_race of a 1,000-member league with 30 matches left (8 in play, 22 open),
 * every member having bet on every match (60,000 result bets, jokers on some), 30 matches played.
 * Requests are sent one at a time (the route's own latency, not throughput), next to an empty Fastify route:
 * - full computation (computeTitleRace: the reads, the bounds and 10,000 simulated finishes), called directly;
 * - new data version: the league's table version is moved before each request (untimed), so the route reads the
 *   data and answers the bounds now with the last chances while the new simulation runs in the background;
 * - cached: the same data version read again.
 *
 *   npx tsx bench/titleRace.ts                                  SQLite (temporary file)
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/titleRace.ts PostgreSQL (temporary schema, dropped afterwards)
 *
 * BENCH_FULL=computations (default 5), BENCH_COLD=requests (default 30), BENCH_WARM=requests (default 200). Profile: node --cpu-prof --import tsx bench/titleRace.ts.
 */
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/platform/config';
import { createCompetitionPartitions } from '../src/server/platform/db/competitionPartitions';
import type { Db } from '../src/server/platform/db/database';
import { recomputeCompetition } from '../src/server/domain/rescoring/recompute';
import { computeTitleRace } from '../src/server/features/titleRace/titleRaceService';
import { benchToken, openBenchDatabase } from './lib/betsDataset';

const MEMBERS = 1_000;
const PLAYED = 30;
const IN_PLAY = 8;
const OPEN = 22;
const DAY = 86_400_000;
const COLD = Number(process.env.BENCH_COLD ?? 30);
const WARM = Number(process.env.BENCH_WARM ?? 200);
const FULL = Number(process.env.BENCH_FULL ?? 5);

async function createDataset(db: Db, now: number): Promise<{ leagueId: number; competitionId: number; memberIds: number[] }> {
  const seq = (n: number) => sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${sql.lit(n)})`;
  await sql`${seq(MEMBERS)} INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
    SELECT 'Racer ' || n, 'race' || n || '@example.com', 'bench-no-password', 0, 'en', 0, ${now}, ${now} FROM seq`.execute(db);
  const users = (await db.selectFrom('users').select('id').where('email', 'like', 'race%@example.com').orderBy('id').execute()).map((u) => u.id);
  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Race Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  await createCompetitionPartitions(db, competitionId);
  const teams: number[] = [];
  for (let t = 0; t < 16; t++) {
    const { id } = await db.insertInto('teams').values({ team_name: `Race ${t}`, abbreviation: `R${String(t).padStart(2, '0')}`, flag: null, is_flag: 0,
      colors: '["#000000","#ffffff"]', external_key: `race:${competitionId}:${t}` }).returning('id').executeTakeFirstOrThrow();
    teams.push(id);
    await db.insertInto('competition_teams').values({ competition_id: competitionId, team_id: id }).execute();
  }
  const total = PLAYED + IN_PLAY + OPEN;
  for (let i = 0; i < total; i++) {
    const played = i < PLAYED;
    const inPlay = !played && i < PLAYED + IN_PLAY;
    const date = played ? now - (PLAYED - i) * DAY : inPlay ? now - 3_600_000 : now + (i - PLAYED - IN_PLAY + 1) * DAY;
    await db.insertInto('matches').values({
      competition_id: competitionId, group_id: null, round_id: 1, matchday: Math.floor(i / 8) + 1 + (inPlay ? 0 : 0),
      local_team_id: teams[i % 16], visiting_team_id: teams[(i * 7 + 3) % 16], date, updated_at: now,
      started: played || inPlay ? 1 : 0, finished: played ? 1 : 0, status: played ? 'finished' : inPlay ? 'live' : 'scheduled',
      local_goals: played ? i % 3 : inPlay ? 1 : null, visiting_goals: played ? (i * 5) % 3 : inPlay ? 0 : null,
    }).execute();
  }
  const name = 'Race League';
  const { id: leagueId } = await db.insertInto('leagues').values({
    name, name_normalized: name.toLowerCase(), competition_id: competitionId, owner_id: users[0], bets_system: 'exact',
    points_system: 'winner_and_goals', playoff_results_points: 1, round_bets_enabled: 0, person_bets_enabled: 0, allow_invite: 0,
    allow_join: 0, editable_after_start: 0, start_matchday: 1, knockout_basis: 'regular', share_token: 'race-bench', created_at: now,
    updated_at: now, joker_count: 3, joker_multiplier: 2, lock_by: 'match',
  }).returning('id').executeTakeFirstOrThrow();
  await sql`INSERT INTO league_members (league_id, user_id, department, joined_at)
    SELECT ${leagueId}, id, NULL, 0 FROM users WHERE email LIKE 'race%@example.com'`.execute(db);
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, local_goals, visiting_goals, joker, updated_at, competition_id)
    SELECT ${leagueId}, u.id, m.id, (u.id * 7 + m.id * 13) % 4, (u.id * 11 + m.id * 5) % 3,
      CASE WHEN (u.id + m.id) % 29 = 0 THEN 1 ELSE 0 END, ${now}, m.competition_id
    FROM users u CROSS JOIN matches m WHERE u.email LIKE 'race%@example.com' AND m.competition_id = ${competitionId}`.execute(db);
  await db.transaction().execute((trx) => recomputeCompetition(trx, competitionId));
  return { leagueId, competitionId, memberIds: users };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function report(label: string, times: number[]): void {
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)}${percentile(times, 0.5).toFixed(1).padStart(8)}${percentile(times, 0.95).toFixed(1).padStart(8)}${String(times.length).padStart(8)}`);
}

async function timeRequests(label: string, url: string, headers: Record<string, string>, count: number, before?: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    if (before) await before();
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${label}: ${res.status}`);
    times.push(performance.now() - started);
  }
  report(label, times);
}

async function main(): Promise<void> {
  process.removeAllListeners('warning');
  const database = await openBenchDatabase(10);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0' }), clientDir: '/nonexistent' };
  const { app, deps } = await buildApp({ config, database: database.handle, logger: false });
  const bare = Fastify({ logger: false });
  bare.get('/empty', async () => ({}));
  try {
    const now = deps.clock.now();
    const started = performance.now();
    const data = await createDataset(deps.db, now);
    if (database.handle.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(deps.db);
    console.log(`${database.label}: ${MEMBERS} members, ${PLAYED} played, ${IN_PLAY + OPEN} left (${IN_PLAY} in play), `
      + `${(MEMBERS * (PLAYED + IN_PLAY + OPEN)).toLocaleString('en')} bets; built in ${((performance.now() - started) / 1000).toFixed(1)} s; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    const appBase = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${await benchToken(deps.db, deps.jwtSecret, data.memberIds[0], now)}` };
    const url = `${appBase}/api/v1/en/leagues/title_race/${data.leagueId}`;
    const first = await (await fetch(url, { headers })).json() as { members: { can_win: boolean; chance: number }[] };
    console.log(`  ${first.members.filter((m) => m.can_win).length} members can still win, ${first.members.filter((m) => m.chance > 0).length} won some finish`);
    console.log(`${'request (one at a time)'.padEnd(44)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'n'.padStart(8)}`);
    await timeRequests('empty Fastify route', `${bareBase}/empty`, {}, WARM);
    const bump = () => deps.db.updateTable('leagues').set((eb) => ({ table_version: eb('table_version', '+', 1) })).where('id', '=', data.leagueId).execute();
    const full: number[] = [];
    for (let i = 0; i < FULL; i++) {
      const t0 = performance.now();
      await computeTitleRace(deps.db, data.leagueId, now);
      full.push(performance.now() - t0);
    }
    report('full computation (reads + 10,000 finishes)', full);
    await timeRequests('title_race, new data version', url, headers, COLD, bump);
    await timeRequests('title_race, cached', url, headers, WARM);
    await timeRequests('empty Fastify route', `${bareBase}/empty`, {}, WARM);
  } finally {
    await app.close();
    await bare.close();
    await database.dispose();
  }
}

void main();
