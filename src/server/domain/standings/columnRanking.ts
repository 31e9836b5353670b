import type { Static } from 'typebox';
import type { TableRow } from '../../../shared/api/routes/tables';
import type { Locale } from '../../../shared/domain/locales';
import { positionAt, standingsOrder, type RankedStats, type TieBreak } from '../../../shared/domain/tieBreaks';
import { mapSliced, sortSliced, yieldToOthers } from '../../platform/concurrency/slicedWork';
import { decidedMatchdays } from './matchdayStandings';
import { compareNames, plainKey } from './nameOrder';
import { forEachMatchday, unpackMatchdays } from './packedMatchdays';
import type { TableMemberRow } from './standingsRepository';
import { nameOrder, type DepartmentMember } from './tableRanking';

/**
 * A big league's whole table ranked straight from its members' stored rows into typed columns: the same rows,
 * positions and order as rankLeagueTable gives (the same tie-break comparison, the same stable sort of the same
 * members in user id order), without an object per member and matchday. A 200,000-member table is read and ranked
 * several times faster, and is kept in tens of MB instead of hundreds.
 */

type Row = Static<typeof TableRow>;

/** A row's figures, kept one typed column each. */
const FIGURES = [
  'user_id', 'points_league', 'points_rounds', 'points_people', 'points_bonus', 'points', 'points_matchday', 'position',
  'matchday_wins', 'exact_hits', 'goal_difference_hits', 'tendency_hits',
] as const;
type Figure = (typeof FIGURES)[number];

/** The ranked rows as columns, in the first language's order, and each language's order of them. */
export interface RankedRows {
  figures: Record<Figure, Float64Array>;
  names: string[];
  departments: (string | null)[];
  /** Each row's matchday points, packed as read (unpacked for the rows a page sends). */
  matchdays: (string | null)[];
  orders: Map<Locale, Uint32Array>;
}

/** What the ranking compares of a member, and where the member is in the stored rows. */
interface Ranked extends RankedStats { member: number; name: string; key: string | null; points_league: number; points_matchday: number }

/**
 * Each decided matchday's winners (decidedMatchdays, as standingsFromMatchdays finds them) and each member's wins.
 */
async function matchdayWinners(members: TableMemberRow[], complete: Map<number, boolean>): Promise<{ winners: Map<number, number[]>; wins: Uint32Array }> {
  const best = new Map<number, number>();
  await mapSliced(members, (member) => {
    forEachMatchday(member.matchdays, (day, points) => { best.set(day, Math.max(best.get(day) ?? 0, points)); });
  });
  const decided = decidedMatchdays(best, complete);
  const winners = new Map([...decided.keys()].map((day): [number, number[]] => [day, []]));
  const wins = new Uint32Array(members.length);
  if (decided.size > 0) {
    await mapSliced(members, (member, index) => {
      forEachMatchday(member.matchdays, (day, points) => {
        if (points === decided.get(day)) { winners.get(day)!.push(member.user_id); wins[index] += 1; }
      });
    });
  }
  return { winners, wins };
}

/**
 * The members ranked on points and the league's tie-breaks, listed by name among equals in each of `locales` (the
 * first one's order is the columns' own), with the matchday winners. `matchday` is the one whose points the rows show.
 */
export async function rankColumns(
  members: TableMemberRow[], complete: Map<number, boolean>, matchday: number | null, tieBreaks: readonly TieBreak[], locales: readonly Locale[],
): Promise<{ rows: RankedRows; winners: Map<number, number[]> }> {
  const { winners, wins } = await matchdayWinners(members, complete);
  const stats = await mapSliced(members, (member, index): Ranked => {
    let league = 0;
    let onMatchday = 0;
    forEachMatchday(member.matchdays, (day, points) => {
      league += points;
      if (day === matchday) onMatchday = points;
    });
    return {
      member: index, name: member.user_name, key: plainKey(member.user_name), points_league: league, points_matchday: onMatchday,
      points: league + member.points_rounds + member.points_people + member.points_bonus, points_bonus: member.points_bonus,
      matchday_wins: wins[index], exact_hits: member.exact_hits, goal_difference_hits: member.goal_difference_hits,
      tendency_hits: member.tendency_hits,
    };
  });
  const [first, ...others] = locales;
  const compare = nameOrder(first);
  const sorted = await sortSliced(stats, standingsOrder(tieBreaks, (a: Ranked, b: Ranked) => compareNames(compare, a.name, a.key, b.name, b.key)));
  const figures = Object.fromEntries(FIGURES.map((figure) => [figure, new Float64Array(sorted.length)])) as Record<Figure, Float64Array>;
  let position = 0;
  const order = await mapSliced(sorted, (ranked, index) => {
    position = positionAt(sorted, index, position, tieBreaks);
    const member = members[ranked.member];
    figures.user_id[index] = member.user_id;
    figures.points_league[index] = ranked.points_league;
    figures.points_rounds[index] = member.points_rounds;
    figures.points_people[index] = member.points_people;
    figures.points_bonus[index] = member.points_bonus;
    figures.points[index] = ranked.points;
    figures.points_matchday[index] = ranked.points_matchday;
    figures.position[index] = position;
    figures.matchday_wins[index] = ranked.matchday_wins;
    figures.exact_hits[index] = member.exact_hits;
    figures.goal_difference_hits[index] = member.goal_difference_hits;
    figures.tendency_hits[index] = member.tendency_hits;
    return ranked.member;
  });
  const rows: RankedRows = {
    figures,
    names: order.map((index) => members[index].user_name),
    departments: order.map((index) => members[index].department),
    matchdays: order.map((index) => members[index].matchdays),
    orders: new Map([[first, Uint32Array.from(order.keys())]]),
  };
  for (const locale of others) {
    await yieldToOthers();
    rows.orders.set(locale, await orderFor(rows, order.map((index) => stats[index].key), locale));
  }
  return { rows, winners };
}

/**
 * The rows listed in another language: the same positions, names ordered in that language among equals. Names
 * that list alike in both languages (all but a few letters do) leave the order as it is: checking that costs one
 * comparison a row instead of a sort.
 */
async function orderFor(rows: RankedRows, keys: (string | null)[], locale: Locale): Promise<Uint32Array> {
  const collate = nameOrder(locale);
  const position = rows.figures.position;
  const inOrder = (a: number, b: number) => position[a] - position[b] || compareNames(collate, rows.names[a], keys[a], rows.names[b], keys[b]);
  const listed = Array.from(rows.names.keys());
  const sorted = await mapSliced(listed, (index) => index === 0 || inOrder(index - 1, index) <= 0);
  return Uint32Array.from(sorted.every(Boolean) ? listed : await sortSliced(listed, inOrder));
}

/** The row at `index` of the columns, as the table answers it. */
export function rowAt(rows: RankedRows, index: number): Row {
  const figure = (name: Figure) => rows.figures[name][index];
  return {
    user_id: figure('user_id'), user_avatar: null, user_name: rows.names[index], department: rows.departments[index],
    points_by_matchday: unpackMatchdays(rows.matchdays[index]), points_league: figure('points_league'),
    points_rounds: figure('points_rounds'), points_people: figure('points_people'), points_bonus: figure('points_bonus'),
    points: figure('points'), points_matchday: figure('points_matchday'), position: figure('position'),
    matchday_wins: figure('matchday_wins'), exact_hits: figure('exact_hits'),
    goal_difference_hits: figure('goal_difference_hits'), tendency_hits: figure('tendency_hits'),
  };
}

/** The members of a department, with what its row averages (members without one are left out). */
export function departmentMembers(rows: RankedRows): DepartmentMember[] {
  const { figures } = rows;
  const members: DepartmentMember[] = [];
  rows.departments.forEach((department, index) => {
    if (!department?.trim()) return;
    members.push({
      department, points_league: figures.points_league[index], points_rounds: figures.points_rounds[index],
      points_people: figures.points_people[index], points: figures.points[index], points_matchday: figures.points_matchday[index],
    });
  });
  return members;
}
