import { sql } from 'kysely';
import type { Static } from 'typebox';
import { PAGED_TABLE_FROM, type LeagueTable, type TableRow } from '../../../shared/api/routes/tables';
import type { Locale } from '../../../shared/domain/locales';
import type { Executor } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { matchdayPointsAndWinners, tableHeader, tableSettings } from './leagueTable';
import { unpackMatchdays } from './packedMatchdays';
import { matchdayPage } from './matchdayReads';
import { boardSize, LEAGUE_BOARD, pageAt, rowOf } from './rankedReads';
import { listMatchdayPoints, listMatchdayTops } from './standingsRepository';
import { rankDepartments } from './tableRanking';
import type { TableLeague } from './standingsScope';

/**
 * users_league_table from the stored ranked rows (rankLeagues.ts): a small league's whole table, or a page of a big
 * league's with the reader's own row. Read in one snapshot (PostgreSQL: a repeatable-read transaction), so a table
 * is wholly before or wholly after any write; no process keeps a ranked table.
 */

type Table = Static<typeof LeagueTable>;
type Row = Static<typeof TableRow>;

interface StoredFigures {
  user_name: string; department: string | null; points: number; points_league: number; points_rounds: number;
  points_people: number; points_bonus: number; exact_hits: number; goal_difference_hits: number; tendency_hits: number; matchday_wins: number;
}

const FIGURE_COLUMNS = sql`u.name AS user_name, r.points, r.points_league, r.points_rounds, r.points_people, r.points_bonus,
  r.exact_hits, r.goal_difference_hits, r.tendency_hits, r.matchday_wins,
  (SELECT lm.department FROM league_members lm WHERE lm.league_id = r.league_id AND lm.user_id = r.user_id) AS department`;

/** Whether the league answers its table a page at a time (more than PAGED_TABLE_FROM members). */
export async function isPagedTable(deps: Pick<AppDeps, 'db'>, league: Pick<TableLeague, 'id'>): Promise<boolean> {
  return (await boardSize(deps.db, LEAGUE_BOARD, league.id)) > PAGED_TABLE_FROM;
}

interface TableRead {
  matchday?: number;
  /** `matchday`: a page of the matchday's own table (members by their points in it); a whole table ignores it. */
  order?: 'matchday';
  /** `whole`: every row, no own row (the answer is shared by readers); else a page and the reader's own row. */
  page: 'whole' | { offset: number; limit: number };
}

/** Reads in one snapshot on PostgreSQL (a read-only repeatable-read transaction), as is on SQLite. */
async function inSnapshot<T>(deps: Pick<AppDeps, 'db' | 'dialect'>, read: (db: Executor) => Promise<T>): Promise<T> {
  if (deps.dialect !== 'postgres') return read(deps.db);
  return deps.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(read);
}

/** The league's stored table as users_league_table answers it, for `viewer`. */
export async function storedLeagueTable(
  deps: Pick<AppDeps, 'db' | 'dialect'>, league: TableLeague,
  viewer: { id: number; locale: Locale }, read: TableRead,
): Promise<Table> {
  return inSnapshot(deps, async (db) => {
    const settings = await tableSettings(db, league);
    const matchday = read.matchday ?? settings.lastPlayed;
    const total = await boardSize(db, LEAGUE_BOARD, league.id);
    const window = read.page === 'whole' ? { offset: 0, limit: total } : read.page;
    const { listed, own } = read.page !== 'whole' && read.order === 'matchday' && matchday !== null
      ? await matchdayPage<StoredFigures>(db, { leagueId: league.id, competitionId: league.competition_id, matchday }, viewer.locale, read.page, viewer.id, FIGURE_COLUMNS)
        .then(({ rows, own: row }) => ({ listed: rows, own: row }))
      : {
        listed: await pageAt<StoredFigures>(db, LEAGUE_BOARD, league.id, viewer.locale, window, FIGURE_COLUMNS),
        own: read.page === 'whole' ? undefined : await rowOf<StoredFigures>(db, LEAGUE_BOARD, league.id, viewer.locale, viewer.id, FIGURE_COLUMNS),
      };
    const sent = [...listed, ...(own ? [own] : [])];
    const [days, tops, departments] = await Promise.all([
      listMatchdayPoints(db, league.id, league.competition_id, read.page === 'whole' ? undefined : sent.map((row) => Number(row.user_id))),
      listMatchdayTops(db, league.id),
      departmentRows(db, league.id, matchday, viewer.locale),
    ]);
    const { byUser, winners } = matchdayPointsAndWinners(days, tops);
    const toRow = (row: StoredFigures & { user_id: number; position: number }): Row => {
      const userId = Number(row.user_id);
      const pointsByMatchday = byUser.get(userId) ?? {};
      return {
        user_id: userId, user_avatar: null, user_name: row.user_name, department: row.department,
        points_by_matchday: pointsByMatchday, points_league: Number(row.points_league), points_rounds: Number(row.points_rounds),
        points_people: Number(row.points_people), points_bonus: Number(row.points_bonus), points: Number(row.points),
        points_matchday: matchday === null ? 0 : pointsByMatchday[matchday] ?? 0, position: row.position,
        matchday_wins: Number(row.matchday_wins), exact_hits: Number(row.exact_hits),
        goal_difference_hits: Number(row.goal_difference_hits), tendency_hits: Number(row.tendency_hits),
      };
    };
    const table: Table = { users: listed.map(toRow), ...tableHeader(settings, matchday, winners, departments, total) };
    if (read.page === 'whole') return table;
    // A page names the winners among the rows it sends, under every decided matchday (a big league's matchday can
    // have tens of thousands of winners).
    const matchdayWinners = [...winners].sort(([a], [b]) => a - b).map(([day, ids]) => ({ matchday: day, user_ids: [...ids].sort((a, b) => a - b) }));
    return { ...table, matchday_winners: matchdayWinners, offset: read.page.offset, own_row: own ? toRow(own) : null };
  });
}

/** Department rows from the stored sums: averages to one decimal, `matchday`'s points among them. */
async function departmentRows(db: Executor, leagueId: number, matchday: number | null, locale: Locale) {
  const rows = await db.selectFrom('standing_departments').selectAll().where('league_id', '=', leagueId).execute();
  return rankDepartments(rows.map((row) => ({
    name: row.department, people: Number(row.members), points_league: Number(row.points_league), points_rounds: Number(row.points_rounds),
    points_people: Number(row.points_people), points: Number(row.points),
    points_matchday: matchday === null ? 0 : unpackMatchdays(row.matchdays)[matchday] ?? 0,
  })), locale);
}
