import { sql, type RawBuilder } from 'kysely';
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

export async function refreshStandings(db: Executor, scope: StandingsScope): Promise<void> {
  const { matchIds, finishedMatchdays } = await matchdayFacts(db, scope);
  const matchdays = scope.matchdays === undefined ? sql`1 = 1` : inList('matchday', scope.matchdays);
  await sql`DELETE FROM member_matchday_points WHERE ${leagueFilter(scope, 'league_id')} AND ${matchdays}`.execute(db);

  // Winners of a finished matchday: the best score in the league, if anybody scored (a window over the sums).
  await sql`INSERT INTO member_matchday_points (league_id, user_id, matchday, points, won)
    SELECT t.league_id, t.user_id, t.matchday, t.points,
      CASE WHEN t.points > 0 AND ${inList('t.matchday', finishedMatchdays)}
        AND t.points = MAX(t.points) OVER (PARTITION BY t.league_id, t.matchday) THEN 1 ELSE 0 END
    FROM (SELECT rb.league_id, rb.user_id, m.matchday, SUM(rb.points) AS points
      FROM result_bets rb JOIN matches m ON m.id = rb.match_id
      WHERE ${inList('rb.match_id', matchIds)} AND ${leagueFilter(scope, 'rb.league_id')}
        AND rb.mode = 0 AND rb.points IS NOT NULL
      GROUP BY rb.league_id, rb.user_id, m.matchday) t`.execute(db);

  const member = (table: string) => sql`${sql.ref(`${table}.league_id`)} = lm.league_id AND ${sql.ref(`${table}.user_id`)} = lm.user_id`;
  const totals = {
    league: sql`COALESCE((SELECT SUM(p.points) FROM member_matchday_points p WHERE ${member('p')}), 0)`,
    wins: sql`COALESCE((SELECT SUM(p.won) FROM member_matchday_points p WHERE ${member('p')}), 0)`,
    rounds: sql`COALESCE((SELECT SUM(r.points) FROM round_bets r WHERE ${member('r')} AND r.mode = 0), 0)`,
    people: sql`COALESCE((SELECT SUM(pb.points) FROM person_bets pb WHERE ${member('pb')} AND pb.mode = 0), 0)`,
  };
  // Materialised: inlined, both planners would run the correlated sums again for SET and for WHERE.
  await sql`WITH t AS MATERIALIZED (SELECT lm.league_id, lm.user_id, ${totals.league} AS pl, ${totals.wins} AS w,
        ${totals.rounds} AS pr, ${totals.people} AS pp
      FROM league_members lm WHERE ${leagueFilter(scope, 'lm.league_id')})
    UPDATE league_members AS lm SET points_league = t.pl, matchday_wins = t.w, points_rounds = t.pr,
      points_people = t.pp, points = t.pl + t.pr + t.pp
    FROM t
    WHERE lm.league_id = t.league_id AND lm.user_id = t.user_id
      AND (lm.points_league <> t.pl OR lm.matchday_wins <> t.w OR lm.points_rounds <> t.pr OR lm.points_people <> t.pp
        OR lm.points <> t.pl + t.pr + t.pp)`.execute(db);
}
