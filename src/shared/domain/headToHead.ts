/**
 * Head to head: a round-robin of a league's members, one duel each per matchday (the circle method), and the table
 * its duels make. Pure: the server derives the schedule from the members' joining times, the client shows it.
 */

/** One matchday's duels: pairs of user ids, and the member sitting it out when the count is odd. */
interface RoundPairing { duels: [number, number][]; bye: number | null }

/**
 * Round `round` (0-based) of the circle method over `players` (in a fixed order): the first stays put, the others
 * turn one place a round; an odd count adds an empty seat, and whoever faces it has the bye. One cycle is n - 1
 * rounds (n the even count): every pair meets exactly once in it; later rounds repeat the cycle.
 */
export function circleRound(players: readonly number[], round: number): RoundPairing {
  if (players.length < 2) return { duels: [], bye: players[0] ?? null };
  const seats: (number | null)[] = players.length % 2 === 0 ? [...players] : [...players, null];
  const n = seats.length;
  const turn = round % (n - 1);
  const rest = seats.slice(1);
  const turned = [...rest.slice(rest.length - turn), ...rest.slice(0, rest.length - turn)];
  const order = [seats[0], ...turned];
  const duels: [number, number][] = [];
  let bye: number | null = null;
  for (let i = 0; i < n / 2; i++) {
    const a = order[i];
    const b = order[n - 1 - i];
    if (a === null) bye = b;
    else if (b === null) bye = a;
    else duels.push(i % 2 === 0 && turn % 2 === 1 ? [b, a] : [a, b]);
  }
  return { duels, bye };
}

/** A member of the schedule: who, and the first matchday they play (the first not started when they joined). */
interface ScheduledMember { user_id: number; from_matchday: number }

interface ScheduledMatchday extends RoundPairing { matchday: number }

/**
 * The whole schedule over `matchdays` (ascending). Members play from their `from_matchday`, in the order given
 * (joining order); whenever the set of players grows the circle starts again from its first round, so matchdays
 * already played never change when someone joins later.
 */
export function headToHeadSchedule(members: readonly ScheduledMember[], matchdays: readonly number[]): ScheduledMatchday[] {
  const out: ScheduledMatchday[] = [];
  let players: number[] = [];
  let round = 0;
  for (const matchday of matchdays) {
    const now = members.filter((m) => m.from_matchday <= matchday).map((m) => m.user_id);
    if (now.length !== players.length) { players = now; round = 0; }
    out.push({ matchday, ...circleRound(players, round) });
    round += 1;
  }
  return out;
}

/** Duel points: a win, a draw (each), a loss. */
const DUEL_POINTS = { won: 3, drawn: 1, lost: 0 } as const;

interface DuelResult { user_ids: [number, number]; points: [number, number]; winner_user_id: number | null; decided: boolean }

interface HeadToHeadRow {
  user_id: number; played: number; won: number; drawn: number; lost: number; points: number; points_for: number; position: number;
}

/** A duel from both members' matchday points; `decided` once every match of the matchday is finished. */
export function duelResult(pair: [number, number], points: [number, number], decided: boolean): DuelResult {
  const winner = !decided || points[0] === points[1] ? null : points[0] > points[1] ? pair[0] : pair[1];
  return { user_ids: pair, points, winner_user_id: winner, decided };
}

/**
 * The head-to-head table from decided duels: duel points, then points scored in duels; members level on both share
 * a position. `userIds` lists everyone in the schedule (those without a decided duel yet have a row of zeros).
 */
export function headToHeadTable(userIds: readonly number[], duels: readonly DuelResult[]): HeadToHeadRow[] {
  const rows = new Map(userIds.map((id) => [id, { user_id: id, played: 0, won: 0, drawn: 0, lost: 0, points: 0, points_for: 0, position: 0 }]));
  for (const duel of duels) {
    if (!duel.decided) continue;
    duel.user_ids.forEach((id, side) => {
      const row = rows.get(id);
      if (!row) return;
      row.played += 1;
      row.points_for += duel.points[side];
      if (duel.winner_user_id === null) { row.drawn += 1; row.points += DUEL_POINTS.drawn; }
      else if (duel.winner_user_id === id) { row.won += 1; row.points += DUEL_POINTS.won; }
      else { row.lost += 1; row.points += DUEL_POINTS.lost; }
    });
  }
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.points_for - a.points_for || a.user_id - b.user_id);
  sorted.forEach((row, i) => {
    const prev = sorted[i - 1];
    row.position = prev && prev.points === row.points && prev.points_for === row.points_for ? prev.position : i + 1;
  });
  return sorted;
}
