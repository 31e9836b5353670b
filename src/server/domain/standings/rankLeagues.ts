import { sql, type RawBuilder } from 'kysely';
import { parseTieBreaks, type TieBreak } from '../../../shared/domain/tieBreaks';
import type { Executor } from '../../platform/db/database';
import { lockStandings } from './standingsRefresh';
import { inList, leagueFilter, type StandingsScope } from './standingsScope';
import { inOverallSql, keepMainLeagues, refreshOverallCounts } from './overallStandings';
import { fillNameKeys } from './storedNameKeys';

/**
 * The ranked rows of league tables, written by whoever changed what they derive from (a result job's batch, a
 * correction, a late entry, a settled pick, a member joining or leaving), in the same transaction:
 * - member_standings: each member's totals, hit counters and matchday wins, their rank key (k0 = -points,
 *   k1..k5 = minus the league's tie-break values in its order) and their name's sort keys;
 * - standing_counts: how many members stand at each total;
 * - league_matchday_tops: the best score of each decided matchday (every match finished, somebody scored);
 * - standing_departments: each department's members and sums;
 * - the overall ranking's places of the players whose main league is among them: the same rows, marked and keyed
 *   for it, and its counts (overallStandings.ts).
 * Everything is rebuilt from member_matchday_points and league_members by a handful of set-based statements per
 * scope, and only changed rows are written. Reading a table then costs an index range (rankedReads.ts), whatever
 * the league's size, in every process.
 */

/** A tie-break's figure among member_standings' columns. */
const FIGURE: Record<TieBreak, string> = {
  exact_hits: 'exact_hits', matchday_wins: 'matchday_wins', goal_difference_hits: 'goal_difference_hits',
  tendency_hits: 'tendency_hits', bonus_points: 'points_bonus',
};
const TIE_BREAK_KEYS = [1, 2, 3, 4, 5] as const;

/** Rebuilds the ranked rows of the scope's leagues. Runs inside the writer's transaction. */
export async function rankLeagues(db: Executor, scope: StandingsScope): Promise<void> {
  await lockStandings(db, scope);
  await addMissingMembers(db, scope);
  await keepMainLeagues(db, scope.competitionId, leagueFilter(scope, 'lm.league_id'));
  await refreshTops(db, scope);
  await refreshFigures(db, scope);
  await refreshCounts(db, scope);
  await refreshDepartments(db, scope);
  await refreshOverallCounts(db, scope.competitionId, (column) => leagueFilter(scope, column));
}

/** Members without a ranked row get one (all figures 0), with their name keys. */
async function addMissingMembers(db: Executor, scope: StandingsScope): Promise<void> {
  const missing = sql`FROM league_members lm WHERE ${leagueFilter(scope, 'lm.league_id')}
    AND NOT EXISTS (SELECT 1 FROM member_standings ms WHERE ms.league_id = lm.league_id AND ms.user_id = lm.user_id)`;
  const { rows } = await sql<{ user_id: number }>`SELECT DISTINCT lm.user_id ${missing}`.execute(db);
  if (rows.length === 0) return;
  await fillNameKeys(db, rows.map((row) => Number(row.user_id)));
  await sql`INSERT INTO member_standings (league_id, user_id, competition_id, name_key_en, name_key_es)
    SELECT lm.league_id, lm.user_id, CAST(${scope.competitionId} AS bigint), COALESCE(u.name_key_en, ''), COALESCE(u.name_key_es, '')
    FROM league_members lm JOIN users u ON u.id = lm.user_id
    WHERE ${leagueFilter(scope, 'lm.league_id')}
      AND NOT EXISTS (SELECT 1 FROM member_standings ms WHERE ms.league_id = lm.league_id AND ms.user_id = lm.user_id)`.execute(db);
}

/** The matchdays whose winners can be decided: every match of them finished. */
const completeMatchdays = (competitionId: number) =>
  sql`(SELECT cm.matchday FROM matches cm WHERE cm.competition_id = ${competitionId} GROUP BY cm.matchday HAVING MIN(cm.finished) = 1)`;

/** Each decided matchday's best score (somebody scored), for the scope's matchdays. */
async function refreshTops(db: Executor, scope: StandingsScope): Promise<void> {
  const matchdays = (column: string) => (scope.matchdays === undefined ? sql`1 = 1` : inList(column, scope.matchdays));
  await sql`DELETE FROM league_matchday_tops WHERE ${leagueFilter(scope, 'league_id')} AND ${matchdays('matchday')}`.execute(db);
  await sql`INSERT INTO league_matchday_tops (league_id, matchday, top)
    SELECT p.league_id, p.matchday, MAX(p.points) FROM member_matchday_points p
    WHERE p.competition_id = ${scope.competitionId} AND ${leagueFilter(scope, 'p.league_id')} AND ${matchdays('p.matchday')}
      AND p.matchday IN ${completeMatchdays(scope.competitionId)}
    GROUP BY p.league_id, p.matchday HAVING MAX(p.points) > 0`.execute(db);
}

/**
 * k1..k5 of the rows of `alias`: minus the value of the league's n-th tie-break, by the league's stored tie-break
 * list (one CASE arm per distinct list among the scope's leagues; most leagues have none).
 */
async function tieBreakKeys(db: Executor, scope: StandingsScope, alias: string): Promise<RawBuilder<unknown>[]> {
  const lists = await sql<{ tie_breaks: string }>`SELECT DISTINCT l.tie_breaks FROM leagues l
    WHERE l.competition_id = ${scope.competitionId} AND ${leagueFilter(scope, 'l.id')}`.execute(db);
  const parsed = lists.rows.map((row) => ({ json: row.tie_breaks, keys: parseTieBreaks(row.tie_breaks) })).filter((list) => list.keys.length > 0);
  return TIE_BREAK_KEYS.map((n) => {
    const arms = parsed.filter((list) => list.keys.length >= n)
      .map((list) => sql`WHEN ${list.json} THEN -${sql.ref(`${alias}.${FIGURE[list.keys[n - 1]]}`)}`);
    return arms.length === 0 ? sql`0` : sql`(CASE ${sql.ref(`${alias}.tie_breaks`)} ${sql.join(arms, sql` `)} ELSE 0 END)`;
  });
}

/** The figures every ranked row holds, in member_standings' column names. */
const FIGURES = [
  'points', 'points_league', 'points_rounds', 'points_people', 'points_bonus', 'exact_hits', 'goal_difference_hits',
  'tendency_hits', 'matchday_wins', 'points_default', 'exact_default', 'scored', 'in_overall', 'ok0', 'ok1',
  'k0', 'k1', 'k2', 'k3', 'k4', 'k5',
] as const;

/**
 * Every member's figures re-derived (totals from their matchday rows and stored pick totals, hits, wins against the
 * decided matchdays' tops) and written where they changed.
 */
async function refreshFigures(db: Executor, scope: StandingsScope): Promise<void> {
  const keys = await tieBreakKeys(db, scope, 'fig');
  const changed = sql.join(FIGURES.map((f) => sql`member_standings.${sql.ref(f)} <> keyed.${sql.ref(f)}`), sql` OR `);
  await sql`WITH days AS (SELECT p.league_id, p.user_id, SUM(p.points) AS pl, SUM(p.exact_hits) AS ex,
        SUM(p.goal_difference_hits) AS gd, SUM(p.tendency_hits) AS te, SUM(CASE WHEN p.points = t.top THEN 1 ELSE 0 END) AS wins,
        SUM(p.points_default) AS pd, SUM(p.exact_default) AS ed
      FROM member_matchday_points p
        LEFT JOIN league_matchday_tops t ON t.league_id = p.league_id AND t.matchday = p.matchday
      WHERE p.competition_id = ${scope.competitionId} AND ${leagueFilter(scope, 'p.league_id')}
      GROUP BY p.league_id, p.user_id),
    fig AS (SELECT lm.league_id, lm.user_id, l.tie_breaks, COALESCE(d.pl, 0) AS points_league,
        lm.points_rounds, lm.points_people, lm.points_bonus,
        COALESCE(d.pl, 0) + lm.points_rounds + lm.points_people + lm.points_bonus AS points,
        COALESCE(d.ex, 0) AS exact_hits, COALESCE(d.gd, 0) AS goal_difference_hits, COALESCE(d.te, 0) AS tendency_hits,
        COALESCE(d.wins, 0) AS matchday_wins, COALESCE(d.pd, 0) AS points_default, COALESCE(d.ed, 0) AS exact_default,
        CASE WHEN d.user_id IS NULL THEN 0 ELSE 1 END AS scored, u.ranking_hidden AS hidden, cml.league_id AS main_league
      FROM league_members lm JOIN leagues l ON l.id = lm.league_id JOIN users u ON u.id = lm.user_id
        LEFT JOIN days d ON d.league_id = lm.league_id AND d.user_id = lm.user_id
        LEFT JOIN competition_main_leagues cml ON cml.competition_id = ${scope.competitionId} AND cml.user_id = lm.user_id
      WHERE ${leagueFilter(scope, 'lm.league_id')}),
    keyed AS (SELECT fig.*, -fig.points AS k0, ${sql.join(keys.map((key, i) => sql`${key} AS ${sql.ref(`k${i + 1}`)}`))},
        ${inOverallSql('fig', sql.ref('fig.hidden'), sql.ref('fig.main_league'))} AS in_overall, -fig.points_default AS ok0, -fig.exact_default AS ok1
      FROM fig)
    UPDATE member_standings SET ${sql.join(FIGURES.map((f) => sql`${sql.ref(f)} = keyed.${sql.ref(f)}`))}
    FROM keyed
    WHERE member_standings.league_id = keyed.league_id AND member_standings.user_id = keyed.user_id AND (${changed})`.execute(db);
}

/** How many members stand at each total, per league. */
async function refreshCounts(db: Executor, scope: StandingsScope): Promise<void> {
  await sql`DELETE FROM standing_counts WHERE ${leagueFilter(scope, 'league_id')}`.execute(db);
  await sql`INSERT INTO standing_counts (league_id, k0, members)
    SELECT ms.league_id, ms.k0, COUNT(*) FROM member_standings ms WHERE ${leagueFilter(scope, 'ms.league_id')}
    GROUP BY ms.league_id, ms.k0`.execute(db);
}

/**
 * Each department's members and sums (names trimmed; members without one count in none), with its members'
 * result-bet points per matchday packed "matchday:points,...".
 */
async function refreshDepartments(db: Executor, scope: StandingsScope): Promise<void> {
  await sql`DELETE FROM standing_departments WHERE ${leagueFilter(scope, 'league_id')}`.execute(db);
  const department = sql`TRIM(lm.department)`;
  const inDepartment = sql`${leagueFilter(scope, 'lm.league_id')} AND lm.department IS NOT NULL AND ${department} <> ''`;
  await sql`INSERT INTO standing_departments (league_id, department, members, points_league, points_rounds, points_people, points)
    SELECT ms.league_id, ${department}, COUNT(*), SUM(ms.points_league), SUM(ms.points_rounds), SUM(ms.points_people), SUM(ms.points)
    FROM member_standings ms JOIN league_members lm ON lm.league_id = ms.league_id AND lm.user_id = ms.user_id
    WHERE ${inDepartment}
    GROUP BY ms.league_id, ${department}`.execute(db);
  await sql`WITH per_day AS (SELECT p.league_id, ${department} AS department, p.matchday, SUM(p.points) AS points
        FROM member_matchday_points p JOIN league_members lm ON lm.league_id = p.league_id AND lm.user_id = p.user_id
        WHERE p.competition_id = ${scope.competitionId} AND ${inDepartment}
        GROUP BY p.league_id, ${department}, p.matchday),
      packed AS (SELECT league_id, department, string_agg(matchday || ':' || points, ',' ORDER BY matchday) AS matchdays
        FROM per_day GROUP BY league_id, department)
    UPDATE standing_departments SET matchdays = packed.matchdays FROM packed
    WHERE standing_departments.league_id = packed.league_id AND standing_departments.department = packed.department`.execute(db);
}
