import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../shared/domain/locales';
import type { Executor } from '../../platform/db/database';
import { nameKey } from './rankedReads';

/**
 * A big league's past matchday as its own table: members by their points in that matchday, best first, then by
 * their name's sort key in the reader's language and user id; equal points share a position (1, 1, 3). Unlike the
 * totals this is not kept ranked (the result job writes no second ranking per matchday): a page is a sort of the
 * league's rows for that one matchday, and positions come from the matchday's points histogram (a few dozen values).
 * A member without a row for the matchday scored 0 in it.
 */

type MatchdayRow<T> = T & { user_id: number; name_key: string; day_points: number; position: number };

interface Scope { leagueId: number; competitionId: number; matchday: number }

const dayPoints = sql`COALESCE(m.points, 0)`;
const dayJoin = (scope: Scope, alias: string) => sql`LEFT JOIN member_matchday_points m ON m.competition_id = ${scope.competitionId}
  AND m.league_id = ${sql.ref(`${alias}.league_id`)} AND m.user_id = ${sql.ref(`${alias}.user_id`)} AND m.matchday = ${scope.matchday}`;

/** Members of the league by their points in the matchday. */
async function histogram(db: Executor, scope: Scope): Promise<Map<number, number>> {
  const { rows } = await sql<{ points: number | string; members: number | string }>`SELECT ${dayPoints} AS points, COUNT(*) AS members
    FROM member_standings r ${dayJoin(scope, 'r')}
    WHERE r.league_id = ${scope.leagueId} GROUP BY ${dayPoints}`.execute(db);
  return new Map(rows.map((row) => [Number(row.points), Number(row.members)]));
}

/** One plus the members who scored more in the matchday. */
const positionIn = (members: Map<number, number>, points: number) =>
  1 + [...members].reduce((ahead, [value, count]) => (value > points ? ahead + count : ahead), 0);

/** The `limit` rows from index `offset` of the matchday's table, and the reader's own row (null: not a member). */
export async function matchdayPage<T>(
  db: Executor, scope: Scope, locale: Locale, page: { offset: number; limit: number }, viewerId: number, columns: RawBuilder<unknown>,
): Promise<{ rows: MatchdayRow<T>[]; own: MatchdayRow<T> | null }> {
  // The window is found on the league's rows and their matchday points alone; only its rows are joined to their
  // figures and users (joining every member before the sort costs four times as much in a league of 200,000).
  const leagueRows = sql`SELECT w.league_id, w.user_id, ${nameKey('w', locale)} AS name_key, ${dayPoints} AS day_points
    FROM member_standings w ${dayJoin(scope, 'w')} WHERE w.league_id = ${scope.leagueId}`;
  const figures = (rows: RawBuilder<unknown>) => sql<T & { user_id: number; name_key: string; day_points: number }>`SELECT
      r.user_id, page.name_key, page.day_points, ${columns}
    FROM (${rows}) page JOIN member_standings r ON r.league_id = page.league_id AND r.user_id = page.user_id
    JOIN users u ON u.id = r.user_id ORDER BY page.day_points DESC, page.name_key ASC, r.user_id ASC`;
  const [members, listed, own] = await Promise.all([
    histogram(db, scope),
    figures(sql`${leagueRows} ORDER BY ${dayPoints} DESC, ${nameKey('w', locale)} ASC, w.user_id ASC
      LIMIT ${page.limit} OFFSET ${page.offset}`).execute(db),
    figures(sql`${leagueRows} AND w.user_id = ${viewerId}`).execute(db),
  ]);
  const ranked = (row: T & { user_id: number; name_key: string; day_points: number }): MatchdayRow<T> =>
    ({ ...row, day_points: Number(row.day_points), position: positionIn(members, Number(row.day_points)) });
  return { rows: listed.rows.map(ranked), own: own.rows.length > 0 ? ranked(own.rows[0]) : null };
}
