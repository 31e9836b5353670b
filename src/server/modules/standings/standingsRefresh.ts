import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * Stored standings (DESIGN 4.5): member_matchday_points per member and matchday (result bets, and whether the
 * member won that finished matchday), and the totals on league_members. Every refresh is a handful of set-based
 * statements over a scope of leagues, never a loop, and rewrites only rows whose values change.
 */
export interface StandingsScope {
  competitionId: number;
  /** One league, or every league of the competition. */
  leagueId?: number;
  /** Only these matchdays' rows are rebuilt (totals are always re-summed); undefined = all. */
  matchdays?: number[];
}

function leagueFilter(scope: StandingsScope, column: string): RawBuilder<unknown> {
  const ref = sql.ref(column);
  return scope.leagueId !== undefined
    ? sql`${ref} = ${scope.leagueId}`
    : sql`${ref} IN (SELECT lg.id FROM leagues lg WHERE lg.competition_id = ${scope.competitionId})`;
}

const inList = (column: string, values: number[]) =>
  values.length === 0 ? sql`1 = 0` : sql`${sql.ref(column)} IN (${sql.join(values)})`;

/** The matches of the scope's matchdays, and the matchdays whose matches are all finished. */
async function matchdayFacts(db: Executor, scope: StandingsScope) {
  let query = db.selectFrom('matches').select(['id', 'matchday', 'finished']).where('competition_id', '=', scope.competitionId);
  if (scope.matchdays) query = query.where('matchday', 'in', scope.matchdays.length ? scope.matchdays : [-1]);
  const matches = await query.execute();
  const open = new Set(matches.filter((m) => !m.finished).map((m) => m.matchday));
  return {
    matchIds: matches.map((m) => m.id),
    finishedMatchdays: [...new Set(matches.map((m) => m.matchday))].filter((day) => !open.has(day)),
  };
}

/** Key spaces of the standings' PostgreSQL advisory locks (first half of the two-int key). */
const COMPETITION_STANDINGS = 0x7374_6463; // "stdc"
const LEAGUE_STANDINGS = 0x7374_646c; // "stdl"

/**
 * PostgreSQL: refreshes whose scopes overlap run one after the other, until their transactions end (SQLite runs
 * one transaction at a time). A competition refresh holds its competition's lock; a league refresh holds it
 * shared and its league's lock. Unserialised, a second refresh's DELETE misses the rows the first inserted
 * (duplicate key), or two refreshes deadlock, or the later commit writes totals computed before the other's
 * bets were committed. Taken after the lock, each statement reads every refresh committed before it.
 * So that a refresh never waits for a transaction that waits for it, a transaction writes no league_members or
 * member_matchday_points rows before its refresh (a member who leaves loses bets first, rows after).
 */
export async function lockStandings(db: Executor, scope: StandingsScope): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  if (scope.leagueId === undefined) {
    await sql`SELECT pg_advisory_xact_lock(${COMPETITION_STANDINGS}::int4, ${scope.competitionId}::int4)`.execute(db);
    return;
  }
  await sql`SELECT pg_advisory_xact_lock_shared(${COMPETITION_STANDINGS}::int4, ${scope.competitionId}::int4)`.execute(db);
  await sql`SELECT pg_advisory_xact_lock(${LEAGUE_STANDINGS}::int4, ${scope.leagueId}::int4)`.execute(db);
}

export async function refreshStandings(db: Executor, scope: StandingsScope): Promise<void> {
  await lockStandings(db, scope);
  const { matchIds, finishedMatchdays } = await matchdayFacts(db, scope);
  const matchdays = scope.matchdays === undefined ? sql`1 = 1` : inList('matchday', scope.matchdays);
  await sql`DELETE FROM member_matchday_points WHERE ${leagueFilter(scope, 'league_id')} AND ${matchdays}`.execute(db);

  // Winners of a finished matchday: the best score in the league, if anybody scored (a window over the sums).
  // PostgreSQL: bets without points are counted out in HAVING, not filtered out in WHERE: right after a whole
  // competition is re-scored in this transaction, its statistics still say "no points", and the filter planned as
  // one row made nested loops over every bet (a whole-cup recompute: 142 s, over 120 of them in this INSERT).
  // SQLite reads the points from its index and skips them there (0.4 s less than grouping them all).
  const scored = db.getExecutor().adapter instanceof PostgresAdapter ? sql`` : sql`AND rb.points IS NOT NULL`;
  await sql`INSERT INTO member_matchday_points (league_id, user_id, matchday, points, won)
    SELECT t.league_id, t.user_id, t.matchday, t.points,
      CASE WHEN t.points > 0 AND ${inList('t.matchday', finishedMatchdays)}
        AND t.points = MAX(t.points) OVER (PARTITION BY t.league_id, t.matchday) THEN 1 ELSE 0 END
    FROM (SELECT rb.league_id, rb.user_id, m.matchday, SUM(rb.points) AS points
      FROM result_bets rb JOIN matches m ON m.id = rb.match_id
      WHERE ${inList('rb.match_id', matchIds)} AND ${leagueFilter(scope, 'rb.league_id')}
        AND rb.mode = 0 ${scored}
      GROUP BY rb.league_id, rb.user_id, m.matchday
      HAVING COUNT(rb.points) > 0) t`.execute(db);

  // Totals per member from grouped sums joined once (not four correlated lookups per member: on PostgreSQL those
  // also pushed the estimate past the JIT threshold, 0.3 s of compiling per refresh).
  const sums = (table: string, columns: RawBuilder<unknown>, mode: RawBuilder<unknown>) => sql`(SELECT ${sql.ref(`${table}.league_id`)} AS league_id,
      ${sql.ref(`${table}.user_id`)} AS user_id, ${columns}
    FROM ${sql.table(table)} WHERE ${leagueFilter(scope, `${table}.league_id`)} ${mode}
    GROUP BY ${sql.ref(`${table}.league_id`)}, ${sql.ref(`${table}.user_id`)})`;
  await sql`WITH t AS MATERIALIZED (SELECT lm.league_id, lm.user_id, COALESCE(p.pl, 0) AS pl, COALESCE(p.w, 0) AS w,
        COALESCE(r.pr, 0) AS pr, COALESCE(pb.pp, 0) AS pp, COALESCE(bq.pq, 0) AS pq
      FROM league_members lm
      LEFT JOIN ${sums('member_matchday_points', sql`SUM(member_matchday_points.points) AS pl, SUM(member_matchday_points.won) AS w`, sql``)} p
        ON p.league_id = lm.league_id AND p.user_id = lm.user_id
      LEFT JOIN ${sums('round_bets', sql`SUM(round_bets.points) AS pr`, sql`AND round_bets.mode = 0`)} r
        ON r.league_id = lm.league_id AND r.user_id = lm.user_id
      LEFT JOIN ${sums('person_bets', sql`SUM(person_bets.points) AS pp`, sql`AND person_bets.mode = 0`)} pb
        ON pb.league_id = lm.league_id AND pb.user_id = lm.user_id
      LEFT JOIN ${sums('bonus_answers', sql`SUM(bonus_answers.points) AS pq`, sql``)} bq
        ON bq.league_id = lm.league_id AND bq.user_id = lm.user_id
      WHERE ${leagueFilter(scope, 'lm.league_id')})
    UPDATE league_members AS lm SET points_league = t.pl, matchday_wins = t.w, points_rounds = t.pr,
      points_people = t.pp, points_bonus = t.pq, points = t.pl + t.pr + t.pp + t.pq
    FROM t
    WHERE lm.league_id = t.league_id AND lm.user_id = t.user_id
      AND (lm.points_league <> t.pl OR lm.matchday_wins <> t.w OR lm.points_rounds <> t.pr OR lm.points_people <> t.pp
        OR lm.points_bonus <> t.pq OR lm.points <> t.pl + t.pr + t.pp + t.pq)`.execute(db);
}
