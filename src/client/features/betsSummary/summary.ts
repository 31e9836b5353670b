import type { Match } from '../../../shared/api/entities';
import { betText } from '../../lib/bets/betValues';
import type { ResultBetRow } from '../../api/entities/betsSlice';

type System = 'sign' | 'exact' | 'disabled';

interface Outcome { text: string; users: string[]; right: boolean }

/** How many members picked each score (or sign) of a match, most picked first, and whether it was the result. */
export function outcomesOf(match: Match, bets: readonly ResultBetRow[], system: System): Outcome[] {
  const result = match.finished && match.local_goals !== null ? betText(match, system) : null;
  const byText = new Map<string, string[]>();
  for (const bet of bets) {
    if (bet.local_goals === null || bet.visiting_goals === null) continue;
    const text = betText(bet, system);
    byText.set(text, [...(byText.get(text) ?? []), bet.user_name]);
  }
  return [...byText.entries()].map(([text, users]) => ({ text, users, right: text === result }))
    .sort((a, b) => b.users.length - a.users.length || a.text.localeCompare(b.text));
}

/** Members x matches: each member's bet on each match (members in the order they first appear). */
export function gridOf(betsByMatch: ReadonlyArray<readonly ResultBetRow[]>): Array<{ userId: number; name: string; bets: Array<ResultBetRow | undefined>; points: number }> {
  const rows = new Map<number, { userId: number; name: string; bets: Array<ResultBetRow | undefined>; points: number }>();
  betsByMatch.forEach((bets, column) => {
    for (const bet of bets) {
      const row = rows.get(bet.user_id) ?? { userId: bet.user_id, name: bet.user_name, bets: new Array(betsByMatch.length).fill(undefined), points: 0 };
      row.bets[column] = bet;
      row.points += bet.points ?? 0;
      rows.set(bet.user_id, row);
    }
  });
  return [...rows.values()].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
}

/**
 * What one cell of the grid shows. Before a match's deadline the server sends the viewer's own bet and only the
 * existence of the others' (without goals): those read "hidden", never "no bet", which is only said once bets are
 * shown, or of the viewer's own empty bet (still open: "no bet yet").
 */
export type Cell = { kind: 'bet'; bet: ResultBetRow; own: boolean } | { kind: 'hidden' } | { kind: 'none'; open: boolean };

export function cellOf(bet: ResultBetRow | undefined, shown: boolean, viewerId: number | null, rowUserId: number): Cell {
  const own = rowUserId === viewerId;
  if (bet && bet.local_goals !== null && bet.visiting_goals !== null && (shown || own)) return { kind: 'bet', bet, own };
  return shown || own ? { kind: 'none', open: !shown } : { kind: 'hidden' };
}

/** Whether a match's bets are shown to the league: every bet on it says so alike; without any, once it has kicked off. */
export const matchShown = (match: Match, bets: readonly ResultBetRow[]): boolean =>
  bets.length > 0 ? bets[0].allow_show_bets : match.started;
