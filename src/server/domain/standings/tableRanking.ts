import type { Static } from 'typebox';
import type { DepartmentRow, TableRow } from '../../../shared/api/routes/tables';
import { positionAt, standingsOrder, type TieBreak } from '../../../shared/domain/tieBreaks';
import type { Locale } from '../../../shared/domain/locales';
import { mapSliced, sortSliced } from '../../platform/concurrency/slicedWork';
import { NO_HITS, type HitCounters } from './hitCounters';
import { nameSortKey } from './nameKeys';

/** Pure table arithmetic: competition ranking with the league's tie-breaks, name ties, department averages. */

export interface MemberStanding {
  user_id: number; user_name: string; department: string | null;
  points_league: number; points_rounds: number; points_people: number; points_bonus: number; points: number; matchday_wins: number;
  points_by_matchday: Record<string, number>;
}

const collators = new Map<string, Intl.Collator>();
function collator(locale: string): Intl.Collator {
  let found = collators.get(locale);
  if (!found) { found = new Intl.Collator(locale); collators.set(locale, found); }
  return found;
}

/** Sorts by total descending, ties by name, and gives positions 1, 1, 3. */
function rank<T extends { points: number }>(rows: T[], name: (row: T) => string, locale: string): (T & { position: number })[] {
  const compare = collator(locale).compare;
  const sorted = [...rows].sort((a, b) => b.points - a.points || compare(name(a), name(b)));
  let position = 0;
  return sorted.map((row, index) => {
    if (index === 0 || row.points !== sorted[index - 1].points) position = index + 1;
    return { ...row, position };
  });
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Members ranked on points, then the league's tie-breaks (none: equal points share a position), listed by their
 * names' sort keys among equals (the stored tables' order: nameKeys.ts), in slices (a simulation of a big league
 * ranks 200,000 members). `hits` holds each member's hit counters (missing: none).
 */
export async function rankMembers(
  members: MemberStanding[], matchday: number | null, locale: Locale,
  ranking: { tieBreaks: readonly TieBreak[]; hits: Map<number, HitCounters> } = { tieBreaks: [], hits: new Map() },
): Promise<Static<typeof TableRow>[]> {
  const keys = new Map<number, string>();
  // Rows written out field by field and given their position in place: spreading objects and adding fields costs V8
  // about 20 times as much per row, seconds for 200,000 members.
  const rows = await mapSliced(members, (m): Static<typeof TableRow> => {
    const hits = ranking.hits.get(m.user_id) ?? NO_HITS;
    keys.set(m.user_id, nameSortKey(m.user_name, locale));
    return {
      user_id: m.user_id, user_avatar: null, user_name: m.user_name, department: m.department,
      points_by_matchday: m.points_by_matchday, points_league: m.points_league, points_rounds: m.points_rounds,
      points_people: m.points_people, points_bonus: m.points_bonus, points: m.points,
      points_matchday: matchday === null ? 0 : m.points_by_matchday[matchday] ?? 0, position: 0, matchday_wins: m.matchday_wins,
      exact_hits: hits.exact_hits, goal_difference_hits: hits.goal_difference_hits, tendency_hits: hits.tendency_hits,
    };
  });
  const byName = (a: Static<typeof TableRow>, b: Static<typeof TableRow>) => {
    const [x, y] = [keys.get(a.user_id)!, keys.get(b.user_id)!];
    return x < y ? -1 : x > y ? 1 : a.user_id - b.user_id;
  };
  const sorted = await sortSliced(rows, standingsOrder(ranking.tieBreaks, byName));
  let position = 0;
  return mapSliced(sorted, (row, index) => {
    position = positionAt(sorted, index, position, ranking.tieBreaks);
    row.position = position;
    return row;
  });
}

/** A department's members and the sums its row averages. */
interface DepartmentTotals {
  name: string; people: number;
  points_league: number; points_rounds: number; points_people: number; points: number; points_matchday: number;
}

/** What a department's row averages of its members' rows. */
type DepartmentMember = Pick<Static<typeof TableRow>, 'department' | 'points_league' | 'points_rounds' | 'points_people' | 'points' | 'points_matchday'>;

/** Members' rows summed per department (names trimmed; members without one count in none). */
export function departmentTotals(rows: DepartmentMember[]): DepartmentTotals[] {
  const totals = new Map<string, DepartmentTotals>();
  for (const row of rows) {
    const name = row.department?.trim();
    if (!name) continue;
    const sum = totals.get(name) ?? { name, people: 0, points_league: 0, points_rounds: 0, points_people: 0, points: 0, points_matchday: 0 };
    sum.people += 1;
    sum.points_league += row.points_league; sum.points_rounds += row.points_rounds; sum.points_people += row.points_people;
    sum.points += row.points; sum.points_matchday += row.points_matchday;
    totals.set(name, sum);
  }
  return [...totals.values()];
}

/** Department rows: their members' figures averaged to one decimal, ranked like members. */
export function rankDepartments(departments: DepartmentTotals[], locale: string): Static<typeof DepartmentRow>[] {
  const rows = departments.map((d) => {
    const avg = (sum: number) => oneDecimal(sum / d.people);
    return {
      name: d.name, people: d.people, points_league: avg(d.points_league), points_rounds: avg(d.points_rounds),
      points_people: avg(d.points_people), points: avg(d.points), points_matchday: avg(d.points_matchday),
    };
  });
  return rank(rows, (d) => d.name, locale);
}
