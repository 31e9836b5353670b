import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/database';
import { betFactsSql, betHitsSql, overallPointsSql, pointsFromFactsSql } from '../scoring/scoringSql';
import { inList, leagueFilter, type Playing, type StandingsScope } from './standingsScope';

export type { StandingsScope } from './standingsScope';

/**
 * Stored standings: member_matchday_points, each member's result-bet points per matchday (a row once they have a
 * scored bet there), summed from the bets set-based, and on league_members the pick and bonus totals. Nothing is
 * stored per bet: a result rewrites the matchday rows of its matchday only (one row per member, not one per bet).
 * The members' ranked rows are derived from these by rankLeagues.ts once the rows have changed.
 * Every refresh is a handful of set-based statements over a scope, never a loop, writing only rows that change.
 */
/** Key spaces of the standings' PostgreSQL advisory locks (first half of the two-int key). */
const COMPETITION_STANDINGS = 0x7374_6463; // "stdc"
const LEAGUE_STANDINGS = 0x7374_646c; // "stdl"

/**
 * PostgreSQL: refreshes whose scopes overlap run one after the other, until their transactions end (SQLite runs
 * one transaction at a time). A competition refresh holds its competition's lock; a league refresh holds it
 * shared and its league's lock (a batch of leagues: each one's, in id order). Unserialised, a second refresh's DELETE misses the rows the first inserted
 * (duplicate key), or two refreshes deadlock, or the later commit writes rows computed before the other's
 * bets were committed. Taken after the lock, each statement reads every refresh committed before it.
 * So that a refresh never waits for a transaction that waits for it, a transaction writes no row a refresh writes
 * (league_members, member_matchday_points, the league's own row, its picks' points) before its refresh, or takes this
 * lock first (a member who leaves loses bets first, rows after; a rules change locks before it writes the league).
 */
export async function lockStandings(db: Executor, scope: StandingsScope): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const leagues = scope.leagueIds ?? (scope.leagueId === undefined ? undefined : [scope.leagueId]);
  if (leagues === undefined) {
    await sql`SELECT pg_advisory_xact_lock(${COMPETITION_STANDINGS}::int4, ${scope.competitionId}::int4)`.execute(db);
    return;
  }
  await sql`SELECT pg_advisory_xact_lock_shared(${COMPETITION_STANDINGS}::int4, ${scope.competitionId}::int4)`.execute(db);
  for (const id of [...leagues].sort((a, b) => a - b)) {
    await sql`SELECT pg_advisory_xact_lock(${LEAGUE_STANDINGS}::int4, ${id}::int4)`.execute(db);
  }
}

interface MatchOfMatchday { id: number; matchday: number }

/**
 * What a matchday row sums over its member's scored bets: the league's points, the hits its tie-breaks count, and
 * the points and exact hits under the overall ranking's rules.
 */
const ROW_FIGURES = ['points', 'exact_hits', 'goal_difference_hits', 'tendency_hits', 'points_default', 'exact_default'] as const;
type RowFigure = (typeof ROW_FIGURES)[number];

/** The finished matches of the scope's matchdays: the only ones whose bets can score. */
async function finishedMatches(db: Executor, scope: StandingsScope): Promise<MatchOfMatchday[]> {
  let query = db.selectFrom('matches').select(['id', 'matchday']).where('competition_id', '=', scope.competitionId).where('finished', '=', 1);
  if (scope.matchdays) query = query.where('matchday', 'in', scope.matchdays.length ? scope.matchdays : [-1]);
  return query.execute();
}

/**
 * Rebuilds the scope's matchday rows from the bets: per member and matchday, the sum of their scored bets' points
 * (facts computed once per league and match, then arithmetic per bet; SQLite reads the bets from a covering index).
 *
 * - `replace`: the scope's rows are deleted first, so rows whose member no longer has a scored bet there go too
 *   (a withdrawn result, a league's settings, a member's bets corrected).
 * - `merge`: rows are inserted or updated where their points change, and none is deleted: a result arriving or
 *   corrected, where every member who had a scored bet in the matchday still has one.
 * `playing` narrows the scope to the leagues that play only some teams' matches, or to the others.
 */
export async function refreshMatchdayRows(
  db: Executor, scope: StandingsScope & { playing?: Playing }, how: 'replace' | 'merge',
): Promise<void> {
  await lockStandings(db, scope);
  if (scope.leagueId === undefined && scope.leagueIds === undefined && scope.matchdays === undefined && db.getExecutor().adapter instanceof PostgresAdapter) {
    // A whole competition's bets are grouped at once (1.7 million for a World Cup of 51,000 members): sorted in
    // memory rather than in files (8 s -> 4 s), for this transaction only.
    await sql`SET LOCAL work_mem = '256MB'`.execute(db);
  }
  if (how === 'replace') {
    const matchdays = scope.matchdays === undefined ? sql`1 = 1` : inList('matchday', scope.matchdays);
    await sql`DELETE FROM member_matchday_points
      WHERE competition_id = ${scope.competitionId} AND ${leagueFilter(scope, 'league_id')} AND ${matchdays}`.execute(db);
  }
  const changed = sql.join(ROW_FIGURES.map((column) => sql`member_matchday_points.${sql.ref(column)} <> excluded.${sql.ref(column)}`), sql` OR `);
  await writeMatchdaySums(db, scope, await finishedMatches(db, scope), how === 'merge'
    ? sql`ON CONFLICT (league_id, user_id, matchday, competition_id) DO UPDATE SET
        ${sql.join(ROW_FIGURES.map((column) => sql`${sql.ref(column)} = excluded.${sql.ref(column)}`))}
        WHERE ${changed}`
    : sql``);
}

/**
 * Adds the points of matches that have just become scored (their first result) to the matchday rows of every
 * league of the competition: they counted nothing before, so only their own bets are read (not the rest of their
 * matchdays), and a member's first scored bet of a matchday creates their row.
 */
export async function addMatchPoints(db: Executor, competitionId: number, matches: MatchOfMatchday[]): Promise<void> {
  await lockStandings(db, { competitionId });
  const add = sql`ON CONFLICT (league_id, user_id, matchday, competition_id) DO UPDATE SET
    ${sql.join(ROW_FIGURES.map((column) => sql`${sql.ref(column)} = member_matchday_points.${sql.ref(column)} + excluded.${sql.ref(column)}`))}
    WHERE ${sql.join(ROW_FIGURES.map((column) => sql`excluded.${sql.ref(column)} <> 0`), sql` OR `)}`;
  // PostgreSQL: a plain INSERT costs a third less than one with ON CONFLICT (0.3 -> 0.2 s for a World Cup match's
  // 51,000 rows: no speculative insertion per row). It fits the first result of its matchdays, whose rows do not
  // exist yet as long as the app wrote them; a counted match moved to another matchday in the database would leave
  // its rows behind, so it runs under a savepoint and a duplicate key falls back to the upsert.
  if (db.isTransaction && db.getExecutor().adapter instanceof PostgresAdapter && !(await matchdaysCounted(db, competitionId, matches))) {
    await sql`SAVEPOINT first_points`.execute(db);
    try {
      await writeMatchdaySums(db, { competitionId }, matches, sql``);
      await sql`RELEASE SAVEPOINT first_points`.execute(db);
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      await sql`ROLLBACK TO SAVEPOINT first_points`.execute(db);
    }
  }
  await writeMatchdaySums(db, { competitionId }, matches, add);
}

const UNIQUE_VIOLATION = '23505';

/** Whether another match of these matchdays already counts in the stored rows. */
async function matchdaysCounted(db: Executor, competitionId: number, matches: MatchOfMatchday[]): Promise<boolean> {
  const row = await db.selectFrom('matches').select('id').where('competition_id', '=', competitionId)
    .where('matchday', 'in', [...new Set(matches.map((m) => m.matchday))]).where('standings_scored', '=', 1)
    .where('id', 'not in', matches.map((m) => m.id)).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Per member and matchday, the points of their scored bets on these matches, inserted with `onConflict`. With one
 * match per matchday each member has one bet per row already: no grouping (SQLite would sort every bet for it).
 */
async function writeMatchdaySums(
  db: Executor, scope: StandingsScope & { playing?: Playing }, matches: MatchOfMatchday[], onConflict: RawBuilder<unknown>,
): Promise<void> {
  if (matches.length === 0) return;
  const ids = sql.join(matches.map((m) => m.id));
  const oneMatchPerMatchday = new Set(matches.map((m) => m.matchday)).size === matches.length;
  const [bl, bv] = [sql.ref('rb.local_goals'), sql.ref('rb.visiting_goals')];
  const hits = betHitsSql('f', bl, bv);
  const overall = overallPointsSql(bl, bv, sql.ref('f.gl'), sql.ref('f.gv'));
  const figures: Record<RowFigure, RawBuilder<unknown>> = {
    points: pointsFromFactsSql('f', bl, bv, sql.ref('rb.joker')), exact_hits: hits.exact, goal_difference_hits: hits.goal_difference,
    tendency_hits: hits.tendency, points_default: overall.points, exact_default: overall.exact,
  };
  await sql`WITH f AS MATERIALIZED (SELECT ${betFactsSql('l', 'm', 'c')}, m.matchday AS matchday, m.local_goals AS gl, m.visiting_goals AS gv
      FROM matches m JOIN competitions c ON c.id = m.competition_id JOIN leagues l ON l.competition_id = m.competition_id
      WHERE m.id IN (${ids}) AND ${leagueFilter(scope, 'l.id')})
    INSERT INTO member_matchday_points (league_id, user_id, matchday, competition_id, ${sql.join(ROW_FIGURES.map((c) => sql.ref(c)))})
    SELECT rb.league_id, rb.user_id, f.matchday, ${scope.competitionId},
      ${sql.join(ROW_FIGURES.map((c) => (oneMatchPerMatchday ? figures[c] : sql`SUM(${figures[c]})`)))}
    FROM result_bets rb JOIN f ON f.league_id = rb.league_id AND f.match_id = rb.match_id
    WHERE rb.competition_id = ${scope.competitionId} AND rb.match_id IN (${ids}) AND rb.mode = 0 AND f.scored = 1
      AND rb.local_goals IS NOT NULL AND rb.visiting_goals IS NOT NULL
    ${oneMatchPerMatchday ? sql`` : sql`GROUP BY rb.league_id, rb.user_id, f.matchday`}
    ${onConflict}`.execute(db);
}

/** Whether some league of the competition plays only some teams' matches. */
export async function competitionHasTeamSelections(db: Executor, competitionId: number): Promise<boolean> {
  const row = await db.selectFrom('league_teams as lt').innerJoin('leagues as l', 'l.id', 'lt.league_id')
    .select('lt.league_id').where('l.competition_id', '=', competitionId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Members' pick and bonus totals re-summed (after pick points or bonus answers changed), written where they change.
 * Result-bet totals are not stored: they are the sums of the matchday rows.
 */
export async function refreshMemberTotals(db: Executor, scope: StandingsScope): Promise<void> {
  await lockStandings(db, scope);
  const sums = (table: 'round_bets' | 'person_bets' | 'bonus_answers', mode: RawBuilder<unknown>) => sql`(SELECT
      ${sql.ref(`${table}.league_id`)} AS league_id, ${sql.ref(`${table}.user_id`)} AS user_id, SUM(${sql.ref(`${table}.points`)}) AS points
    FROM ${sql.table(table)} WHERE ${leagueFilter(scope, `${table}.league_id`)} ${mode}
    GROUP BY ${sql.ref(`${table}.league_id`)}, ${sql.ref(`${table}.user_id`)})`;
  await sql`WITH t AS MATERIALIZED (SELECT lm.league_id, lm.user_id,
        COALESCE(r.points, 0) AS pr, COALESCE(pb.points, 0) AS pp, COALESCE(bq.points, 0) AS pq
      FROM league_members lm
      LEFT JOIN ${sums('round_bets', sql`AND round_bets.mode = 0`)} r ON r.league_id = lm.league_id AND r.user_id = lm.user_id
      LEFT JOIN ${sums('person_bets', sql`AND person_bets.mode = 0`)} pb ON pb.league_id = lm.league_id AND pb.user_id = lm.user_id
      LEFT JOIN ${sums('bonus_answers', sql``)} bq ON bq.league_id = lm.league_id AND bq.user_id = lm.user_id
      WHERE ${leagueFilter(scope, 'lm.league_id')})
    UPDATE league_members AS lm SET points_rounds = t.pr, points_people = t.pp, points_bonus = t.pq
    FROM t
    WHERE lm.league_id = t.league_id AND lm.user_id = t.user_id
      AND (lm.points_rounds <> t.pr OR lm.points_people <> t.pp OR lm.points_bonus <> t.pq)`.execute(db);
}

/** Every stored row of the scope rebuilt: matchday rows from the bets, then the members' totals. */
export async function refreshStandings(db: Executor, scope: StandingsScope): Promise<void> {
  await refreshMatchdayRows(db, scope, 'replace');
  await refreshMemberTotals(db, scope);
}
