import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';

/**
 * Stored standings (DESIGN 4.5): member_matchday_points per member and matchday (result bets), and the totals on
 * league_members. Every refresh is a handful of set-based statements over a scope of leagues, never a loop.
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

function matchdayFilter(scope: StandingsScope, column: string): RawBuilder<unknown> {
  if (scope.matchdays === undefined) return sql`1 = 1`;
  if (scope.matchdays.length === 0) return sql`1 = 0`;
  return sql`${sql.ref(column)} IN (${sql.join(scope.matchdays)})`;
}

export async function refreshStandings(db: Executor, scope: StandingsScope): Promise<void> {
  await sql`DELETE FROM member_matchday_points
    WHERE ${leagueFilter(scope, 'league_id')} AND ${matchdayFilter(scope, 'matchday')}`.execute(db);

  await sql`INSERT INTO member_matchday_points (league_id, user_id, matchday, points, won)
    SELECT rb.league_id, rb.user_id, m.matchday, SUM(rb.points), 0
    FROM result_bets rb JOIN matches m ON m.id = rb.match_id
    WHERE m.competition_id = ${scope.competitionId} AND ${matchdayFilter(scope, 'm.matchday')}
      AND ${leagueFilter(scope, 'rb.league_id')} AND rb.mode = 0 AND rb.points IS NOT NULL
    GROUP BY rb.league_id, rb.user_id, m.matchday`.execute(db);

  // Winners of a finished matchday: the best score in the league, if anybody scored.
  await sql`UPDATE member_matchday_points SET won = CASE
      WHEN points > 0
        AND points = (SELECT MAX(q.points) FROM member_matchday_points q
          WHERE q.league_id = member_matchday_points.league_id AND q.matchday = member_matchday_points.matchday)
        AND NOT EXISTS (SELECT 1 FROM matches um WHERE um.competition_id = ${scope.competitionId}
          AND um.matchday = member_matchday_points.matchday AND um.finished = 0)
      THEN 1 ELSE 0 END
    WHERE ${leagueFilter(scope, 'league_id')} AND ${matchdayFilter(scope, 'matchday')}`.execute(db);

  await sql`UPDATE league_members SET
      points_league = COALESCE((SELECT SUM(p.points) FROM member_matchday_points p
        WHERE p.league_id = league_members.league_id AND p.user_id = league_members.user_id), 0),
      matchday_wins = COALESCE((SELECT SUM(p.won) FROM member_matchday_points p
        WHERE p.league_id = league_members.league_id AND p.user_id = league_members.user_id), 0),
      points_rounds = COALESCE((SELECT SUM(r.points) FROM round_bets r
        WHERE r.league_id = league_members.league_id AND r.user_id = league_members.user_id AND r.mode = 0), 0),
      points_people = COALESCE((SELECT SUM(pb.points) FROM person_bets pb
        WHERE pb.league_id = league_members.league_id AND pb.user_id = league_members.user_id AND pb.mode = 0), 0)
    WHERE ${leagueFilter(scope, 'league_id')}`.execute(db);

  await sql`UPDATE league_members SET points = points_league + points_rounds + points_people
    WHERE ${leagueFilter(scope, 'league_id')}`.execute(db);
}
