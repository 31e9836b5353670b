import { sql, type RawBuilder } from 'kysely';
import type { Locale } from '../../../shared/domain/locales';
import type { Executor } from '../../platform/db/database';

/**
 * Reads of a stored ranking (a league's table, or a competition's overall ranking) by position, never by a sort:
 * rows are listed by their rank key (ascending is best first: minus points, then minus each tie-break value),
 * members who share a key by their name's sort key in the reader's language, then by user id, all in one index.
 * A member's position is one plus the members ahead: those with more points (a sum over the small table of counts
 * per total) plus those with as many points and better tie-breaks (index ranges within that total). Members with
 * the same key share a position (1, 1, 3). Every read costs a few index ranges, whatever the ranking's size.
 * Both rankings live in member_standings: a league's rows, or each player's row of their main league (in_overall).
 */

interface Board {
  /** The column of member_standings and of the counts that names the ranking (a league, or a competition). */
  scope: 'league_id' | 'competition_id';
  counts: 'standing_counts' | 'overall_counts';
  /** The rank key's columns, in order: the first is minus the points (the counts' k0). */
  keys: readonly string[];
  /** The overall ranking holds only each player's main-league row. */
  overall: boolean;
}

export const LEAGUE_BOARD: Board = { scope: 'league_id', counts: 'standing_counts', keys: ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'], overall: false };
export const OVERALL_BOARD: Board = { scope: 'competition_id', counts: 'overall_counts', keys: ['ok0', 'ok1'], overall: true };

export type RankKey = Record<string, number>;

/** A row of a ranking as read: its key columns, the name key it was listed by, its user, and what `columns` selected. */
export type BoardRow<T> = T & RankKey & { user_id: number; name_key: string };

const sameKey = (board: Board, a: RankKey, b: RankKey) => board.keys.every((k) => Number(a[k]) === Number(b[k]));
const keyValues = (board: Board, key: RankKey) => sql.join(board.keys.map((k) => sql`${Number(key[k])}`));
const keyRefs = (board: Board, alias: string) => sql.join(board.keys.map((k) => sql.ref(`${alias}.${k}`)));
export const nameKey = (alias: string, locale: Locale) => sql.ref(`${alias}.name_key_${locale}`);
/** The ranking's rows among member_standings `alias`. */
const ofBoard = (board: Board, alias: string, scopeId: number) =>
  sql`${sql.ref(`${alias}.${board.scope}`)} = ${scopeId}${board.overall ? sql` AND ${sql.ref(`${alias}.in_overall`)} = 1` : sql``}`;

/** Members in the ranking. */
export async function boardSize(db: Executor, board: Board, scopeId: number): Promise<number> {
  const { rows } = await sql<{ n: number | string | null }>`SELECT SUM(members) AS n FROM ${sql.table(board.counts)}
    WHERE ${sql.ref(board.scope)} = ${scopeId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Members with the same points as `key` and better tie-break values: a count per tie-break level (the first lower;
 * the first equal and the second lower; ...), each an index range within the total. One range each, because a
 * comparison of several values at once is not searched as a range by SQLite: it reads the whole total.
 */
function tiedAhead(board: Board, scopeId: number, key: RankKey): RawBuilder<unknown> {
  const levels = board.keys.slice(1).map((column, i) => {
    const equal = board.keys.slice(0, i + 1).map((k) => sql`${sql.ref(`r.${k}`)} = ${Number(key[k])}`);
    return sql`(SELECT COUNT(*) FROM member_standings r WHERE ${ofBoard(board, 'r', scopeId)}
      AND ${sql.join(equal, sql` AND `)} AND ${sql.ref(`r.${column}`)} < ${Number(key[column])})`;
  });
  return levels.length === 0 ? sql`0` : sql.join(levels, sql` + `);
}

/** The position of a member whose rank key is `key`. */
async function positionOf(db: Executor, board: Board, scopeId: number, key: RankKey): Promise<number> {
  const { rows } = await sql<{ ahead: number | string | null; tied_ahead: number | string }>`SELECT
      (SELECT SUM(c.members) FROM ${sql.table(board.counts)} c WHERE c.${sql.ref(board.scope)} = ${scopeId} AND c.k0 < ${Number(key[board.keys[0]])}) AS ahead,
      ${tiedAhead(board, scopeId, key)} AS tied_ahead`.execute(db);
  return 1 + Number(rows[0].ahead ?? 0) + Number(rows[0].tied_ahead);
}

/**
 * Positions of rows listed in ranking order from absolute index `first`: a row whose key differs from the one
 * before it stands at its index plus one (everybody before it is ahead); equal keys share a position. Only the
 * first row's position is read (positionOf).
 */
async function withPositions<T extends RankKey>(db: Executor, board: Board, scopeId: number, rows: T[], first: number): Promise<(T & { position: number })[]> {
  let position = 0;
  const ranked: (T & { position: number })[] = [];
  for (const [index, row] of rows.entries()) {
    if (index === 0) position = await positionOf(db, board, scopeId, row);
    else if (!sameKey(board, row, rows[index - 1])) position = first + index + 1;
    ranked.push({ ...row, position });
  }
  return ranked;
}

/** Selected columns of a board's rows, `r` being the row (member_standings) and `u` its user. */
type BoardColumns = RawBuilder<unknown>;

const select = (board: Board, columns: BoardColumns, locale: Locale) => sql`SELECT ${keyRefs(board, 'r')}, r.user_id,
    ${nameKey('r', locale)} AS name_key, ${columns}
  FROM member_standings r JOIN users u ON u.id = r.user_id`;

const order = (board: Board, alias: string, locale: Locale, direction: 'ASC' | 'DESC') => sql.join(
  [...board.keys.map((k) => sql.ref(`${alias}.${k}`)), nameKey(alias, locale), sql.ref(`${alias}.user_id`)].map((ref) => sql`${ref} ${sql.raw(direction)}`),
);

/**
 * The `limit` rows from absolute index `offset` (0-based) in the reader's language, with their positions: the total
 * the offset falls in is found in the counts, and the rows are read from it on.
 */
export async function pageAt<T>(
  db: Executor, board: Board, scopeId: number, locale: Locale, page: { offset: number; limit: number }, columns: BoardColumns,
): Promise<(BoardRow<T> & { position: number })[]> {
  const counts = await sql<{ k0: number; members: number | string }>`SELECT k0, members FROM ${sql.table(board.counts)}
    WHERE ${sql.ref(board.scope)} = ${scopeId} ORDER BY k0`.execute(db);
  let before = 0;
  const group = counts.rows.find((row) => {
    if (before + Number(row.members) > page.offset) return true;
    before += Number(row.members);
    return false;
  });
  if (!group || page.limit <= 0) return [];
  // The window is found in the index alone, then its rows are joined: an offset far into a total skips index
  // entries, not joined rows.
  const { rows } = await sql<BoardRow<T>>`SELECT ${keyRefs(board, 'r')}, r.user_id, page.name_key, ${columns}
    FROM (SELECT ${keyRefs(board, 'w')}, w.league_id, w.user_id, ${nameKey('w', locale)} AS name_key FROM member_standings w
      WHERE ${ofBoard(board, 'w', scopeId)} AND ${sql.ref(`w.${board.keys[0]}`)} >= ${Number(group.k0)}
      ORDER BY ${order(board, 'w', locale, 'ASC')} LIMIT ${page.limit} OFFSET ${page.offset - before}) page
    JOIN member_standings r ON r.league_id = page.league_id AND r.user_id = page.user_id
    JOIN users u ON u.id = r.user_id
    ORDER BY ${order(board, 'r', locale, 'ASC')}`.execute(db);
  return withPositions(db, board, scopeId, rows, page.offset);
}

/** A member's row with their position, or null when they are not in the ranking. */
export async function rowOf<T>(
  db: Executor, board: Board, scopeId: number, locale: Locale, userId: number, columns: BoardColumns,
): Promise<(BoardRow<T> & { position: number }) | null> {
  // Found by its primary key: the league, or the player's main league for the overall ranking.
  const league = board.overall
    ? sql`(SELECT cml.league_id FROM competition_main_leagues cml WHERE cml.competition_id = ${scopeId} AND cml.user_id = ${userId})`
    : sql`${scopeId}`;
  const { rows } = await sql<BoardRow<T>>`${select(board, columns, locale)}
    WHERE r.league_id = ${league} AND r.user_id = ${userId} AND ${ofBoard(board, 'r', scopeId)}`.execute(db);
  if (rows.length === 0) return null;
  return { ...rows[0], position: await positionOf(db, board, scopeId, rows[0]) };
}

/**
 * A member's row with up to `around` rows before and after it, in ranking order with positions, and the absolute
 * index of the first of them; null when they are not in the ranking.
 */
export async function rowsAround<T>(
  db: Executor, board: Board, scopeId: number, locale: Locale, userId: number, around: number, columns: BoardColumns,
): Promise<{ rows: (BoardRow<T> & { position: number })[]; first: number } | null> {
  const own = await rowOf<T>(db, board, scopeId, locale, userId, columns);
  if (!own) return null;
  const mine = sql`(${keyValues(board, own)}, ${own.name_key}, ${Number(own.user_id)})`;
  const listed = sql`(${keyRefs(board, 'r')}, ${nameKey('r', locale)}, r.user_id)`;
  const [tiedBefore, before, after] = await Promise.all([
    sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM member_standings r WHERE ${ofBoard(board, 'r', scopeId)}
      AND (${keyRefs(board, 'r')}) = (${keyValues(board, own)}) AND (${nameKey('r', locale)}, r.user_id) < (${own.name_key}, ${Number(own.user_id)})`.execute(db),
    sql<BoardRow<T>>`${select(board, columns, locale)} WHERE ${ofBoard(board, 'r', scopeId)} AND ${listed} < ${mine}
      ORDER BY ${order(board, 'r', locale, 'DESC')} LIMIT ${around}`.execute(db),
    sql<BoardRow<T>>`${select(board, columns, locale)} WHERE ${ofBoard(board, 'r', scopeId)} AND ${listed} > ${mine}
      ORDER BY ${order(board, 'r', locale, 'ASC')} LIMIT ${around}`.execute(db),
  ]);
  const index = own.position - 1 + Number(tiedBefore.rows[0].n);
  const rows = [...before.rows.reverse(), own, ...after.rows];
  const first = index - before.rows.length;
  return { rows: await withPositions(db, board, scopeId, rows, first), first };
}

/** The rows after a member's row (`after` = their user id), in ranking order with positions; null when they are not in it. */
export async function pageAfter<T>(
  db: Executor, board: Board, scopeId: number, locale: Locale, afterUserId: number, limit: number, columns: BoardColumns,
): Promise<{ rows: (BoardRow<T> & { position: number })[]; first: number } | null> {
  const around = await rowsAround<T>(db, board, scopeId, locale, afterUserId, 0, columns);
  if (!around) return null;
  const [own] = around.rows;
  const mine = sql`(${keyValues(board, own)}, ${own.name_key}, ${Number(own.user_id)})`;
  const { rows } = await sql<BoardRow<T>>`${select(board, columns, locale)} WHERE ${ofBoard(board, 'r', scopeId)}
    AND (${keyRefs(board, 'r')}, ${nameKey('r', locale)}, r.user_id) > ${mine} ORDER BY ${order(board, 'r', locale, 'ASC')} LIMIT ${limit}`.execute(db);
  // Positions follow from the row before the page: the one the reader was shown last.
  const ranked = await withPositions(db, board, scopeId, [own, ...rows], around.first);
  return { rows: ranked.slice(1), first: around.first + 1 };
}
