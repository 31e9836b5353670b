import type { Static } from 'typebox';
import type { DepartmentRow, LeagueTable, TableRow } from '../../../shared/api/routes/tables';

export type UserRow = Static<typeof TableRow>;
export type TeamRow = Static<typeof DepartmentRow>;
export type LeagueTableData = Static<typeof LeagueTable>;

/** The sortable columns. "extra" is the points of picks (rounds and people). */
export type SortKey = 'position' | 'name' | 'matchday' | 'league' | 'extra' | 'total';
export interface Sort { key: SortKey; direction: 'asc' | 'desc' }

export const DEFAULT_SORT: Sort = { key: 'position', direction: 'asc' };

type Row = Pick<UserRow, 'points_league' | 'points_rounds' | 'points_people' | 'points' | 'points_matchday' | 'position'> & { points_bonus?: number };
const nameOf = (row: UserRow | TeamRow): string => ('user_name' in row ? row.user_name : row.name);

/** Points beyond the result bets: picks, and a member's bonus questions. */
export const extraPoints = (row: Row): number =>
  Math.round((row.points_rounds + row.points_people + (row.points_bonus ?? 0)) * 10) / 10;

const value = (row: Row, key: Exclude<SortKey, 'name'>): number => {
  switch (key) {
    case 'position': return row.position;
    case 'matchday': return row.points_matchday;
    case 'league': return row.points_league;
    case 'extra': return extraPoints(row);
    case 'total': return row.points;
  }
};

/** Rows in the chosen order; names compare in the user's language; ties keep the server's order (position, name). */
export function sortRows<T extends UserRow | TeamRow>(rows: readonly T[], sort: Sort, locale: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const diff = sort.key === 'name' ? collator.compare(nameOf(a.row), nameOf(b.row)) : value(a.row, sort.key) - value(b.row, sort.key);
      return diff ? sign * diff : a.index - b.index;
    })
    .map(({ row }) => row);
}

/** Clicking the sorted column flips its direction; another column starts ascending for position and name, descending for points. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'position' || key === 'name' ? 'asc' : 'desc' };
}

/** The first `limit` rows plus the current user's row when it is further down. */
export function visibleRows(rows: readonly UserRow[], limit: number, currentUserId: number | null, expanded: boolean): UserRow[] {
  if (expanded || rows.length <= limit) return [...rows];
  const shown = rows.slice(0, limit);
  const mine = rows.find((row) => row.user_id === currentUserId);
  if (mine && !shown.includes(mine)) shown.push(mine);
  return shown;
}

/** A page of a big league's table, with the reader's own row after it when it is on another page. */
export function withOwnRow(rows: readonly UserRow[], own: UserRow | null): UserRow[] {
  return own && !rows.some((row) => row.user_id === own.user_id) ? [...rows, own] : [...rows];
}

/** The teams tab only when more than one member has a department. */
export const hasTeams = (table: LeagueTableData): boolean => table.users.filter((row) => row.department).length > 1 && table.departments.length > 0;

/** Points with one decimal at most. */
export const formatPoints = (points: number): string => String(Math.round(points * 10) / 10);
