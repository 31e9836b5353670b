import type { Static } from 'typebox';
import type { DepartmentRow, TableRow } from '../../../shared/api/routes/tables';
import { positionAt, standingsOrder, type TieBreak } from '../../../shared/domain/tieBreaks';
import { mapSliced, sortSliced } from '../../platform/concurrency/slicedWork';
import { NO_HITS, type HitCounters } from './hitCounters';

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
 * Members ranked on points, then the league's tie-breaks (none: equal points share a position), listed by name
 * among equals (rankStandings' order and positions, worked in slices: a big league has 200,000 members). `hits`
 * holds each member's hit counters (missing: none).
 */
export async function rankMembers(
  members: MemberStanding[], matchday: number | null, locale: string,
  ranking: { tieBreaks: readonly TieBreak[]; hits: Map<number, HitCounters> } = { tieBreaks: [], hits: new Map() },
): Promise<Static<typeof TableRow>[]> {
  // Rows written out field by field and given their position in place: spreading objects and adding fields costs V8
  // about 20 times as much per row, seconds for 200,000 members.
  const rows = await mapSliced(members, (m): Static<typeof TableRow> => {
    const hits = ranking.hits.get(m.user_id) ?? NO_HITS;
    return {
      user_id: m.user_id, user_avatar: null, user_name: m.user_name, department: m.department,
      points_by_matchday: m.points_by_matchday, points_league: m.points_league, points_rounds: m.points_rounds,
      points_people: m.points_people, points_bonus: m.points_bonus, points: m.points,
      points_matchday: matchday === null ? 0 : m.points_by_matchday[matchday] ?? 0, position: 0, matchday_wins: m.matchday_wins,
      exact_hits: hits.exact_hits, goal_difference_hits: hits.goal_difference_hits, tendency_hits: hits.tendency_hits,
    };
  });
  const compare = collator(locale).compare;
  const sorted = await sortSliced(rows, standingsOrder(ranking.tieBreaks, (a, b) => compare(a.user_name, b.user_name)));
  let position = 0;
  return mapSliced(sorted, (row, index) => {
    position = positionAt(sorted, index, position, ranking.tieBreaks);
    row.position = position;
    return row;
  });
}

/**
 * How names compare among members who share a position, in `locale` (rankMembers lists them so): positions do not
 * depend on the language, only the order of the members who share one.
 */
export const nameOrder = (locale: string): ((a: string, b: string) => number) => collator(locale).compare;

/** What a department's row averages of its members' rows. */
export type DepartmentMember = Pick<Static<typeof TableRow>, 'department' | 'points_league' | 'points_rounds' | 'points_people' | 'points' | 'points_matchday'>;

/** Department rows: members with a department, averaged to one decimal, ranked like members. */
export function rankDepartments(rows: DepartmentMember[], locale: string): Static<typeof DepartmentRow>[] {
  const groups = new Map<string, DepartmentMember[]>();
  for (const row of rows) {
    const name = row.department?.trim();
    if (!name) continue;
    const group = groups.get(name);
    if (group) group.push(row); else groups.set(name, [row]);
  }
  const departments = [...groups].map(([name, people]) => {
    const avg = (field: 'points_league' | 'points_rounds' | 'points_people' | 'points' | 'points_matchday') =>
      oneDecimal(people.reduce((sum, p) => sum + p[field], 0) / people.length);
    return {
      name, people: people.length, points_league: avg('points_league'), points_rounds: avg('points_rounds'),
      points_people: avg('points_people'), points: avg('points'), points_matchday: avg('points_matchday'),
    };
  });
  return rank(departments, (d) => d.name, locale);
}
