/**
 * The bets dataset of bench/bets.ts and bench/spike.ts: 50,000 users, 2,000 leagues (one of 1,000 members in ten
 * departments, the others about 25; every user is in one small league), one cup of 64 matches, half played, and a
 * bet of every member on every match (3,264,000 result bets), in a temporary SQLite file or PostgreSQL schema.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createCompetitionPartitions } from '../../src/server/platform/db/competitionPartitions';
import { openDatabase, type Db, type DatabaseHandle } from '../../src/server/platform/db/database';
import { insertSession } from '../../src/server/platform/sessions/sessionsRepository';
import { signToken } from '../../src/server/platform/sessions/tokens';

export const USERS = 50_000;
export const LEAGUES = 2_000;
export const BIG_LEAGUE = 1_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface BenchDatabase { handle: DatabaseHandle; label: string; url: string; dispose(): Promise<void> }

/**
 * A temporary SQLite file, or a fresh schema in BENCH_DATABASE_URL. BENCH_SQLITE_FILE / BENCH_PG_SCHEMA name one
 * that is kept (and reused) across runs, so profiling runs skip the build. PostgreSQL: a pool of BENCH_POOL
 * connections (default 50, as many as the load's connections and pgbench's clients).
 */
export async function openBenchDatabase(poolSize = Number(process.env.BENCH_POOL ?? 50)): Promise<BenchDatabase> {
  const base = process.env.BENCH_DATABASE_URL;
  const keep = process.env.BENCH_SQLITE_FILE;
  if (!base && keep) return { handle: openDatabase(`sqlite:${keep}`), label: `SQLite ${keep}`, url: `sqlite:${keep}`, async dispose() {} };
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'porra-bets-'));
    const url = `sqlite:${join(dir, 'bench.sqlite')}`;
    return { handle: openDatabase(url), label: 'SQLite', url, async dispose() { rmSync(dir, { recursive: true, force: true }); } };
  }
  const kept = process.env.BENCH_PG_SCHEMA;
  const schema = kept ?? `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    handle: openDatabase(url.toString(), { poolSize }), label: `PostgreSQL (schema ${schema})`, url: url.toString(),
    async dispose() {
      if (kept) return;
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

export interface BetsDataset { competitionId: number; bigLeagueId: number; openMatchIds: number[]; bigMemberIds: number[]; firstUserId: number }

/** Bulk INSERT ... SELECT over a recursive sequence: portable and fast on both databases. */
export async function createBetsDataset(db: Db, now: number): Promise<BetsDataset> {
  const seq = (n: number) => sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${sql.lit(n)})`;
  await sql`${seq(USERS)} INSERT INTO users (name, email, password_hash, is_admin, locale, email_reminders, created_at, updated_at)
    SELECT 'Player ' || n, 'bench' || n || '@example.com', 'bench-no-password', 0, 'en', 0, ${now}, ${now} FROM seq`.execute(db);
  const firstUser = Number((await db.selectFrom('users').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow()).id);

  const { id: competitionId } = await db.insertInto('competitions')
    .values({ name: 'Bench Cup', competition_type: 'cup', provider: 'manual', created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await createCompetitionPartitions(db, competitionId);
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
  await sql`INSERT INTO result_bets (league_id, user_id, match_id, mode, local_goals, visiting_goals, modified_after_start, updated_at, competition_id)
    SELECT lm.league_id, lm.user_id, m.id, 0, (lm.user_id + m.id) % 4, (lm.user_id * 3 + m.id) % 3, 0, ${now}, m.competition_id
    FROM league_members lm CROSS JOIN matches m WHERE m.competition_id = ${competitionId}
    ORDER BY m.matchday, lm.league_id, lm.user_id, m.id`.execute(db);
  return (await existingBetsDataset(db, now))!;
}

/** A dataset left by an earlier run (BENCH_SQLITE_FILE, BENCH_PG_SCHEMA), or null. */
export async function existingBetsDataset(db: Db, now: number): Promise<BetsDataset | null> {
  const cup = await db.selectFrom('competitions').select('id').where('name', '=', 'Bench Cup').executeTakeFirst();
  if (!cup) return null;
  const big = await db.selectFrom('leagues').select((eb) => eb.fn.min('id').as('id')).executeTakeFirstOrThrow();
  const members = await db.selectFrom('league_members').select('user_id').where('league_id', '=', Number(big.id)).orderBy('user_id').execute();
  const open = await db.selectFrom('matches').select('id').where('competition_id', '=', cup.id).where('finished', '=', 0)
    .where('date', '>', now + DAY).orderBy('date').execute();
  const bigMemberIds = members.map((m) => m.user_id);
  return { competitionId: cup.id, bigLeagueId: Number(big.id), openMatchIds: open.map((m) => m.id), bigMemberIds, firstUserId: bigMemberIds[0] };
}

/** A signed-in session of the user, as sign-in would open it. */
export async function benchToken(db: Db, secret: Uint8Array, userId: number, now: number): Promise<string> {
  const sessionId = randomUUID();
  await insertSession(db, { id: sessionId, user_id: userId, created_at: now, expires_at: now + DAY });
  return signToken(secret, { userId, sessionId }, now, now + DAY);
}
