import type { Match } from '../../../shared/api/entities';
import { MATCH, resultBet } from '../../testing/handlers/resultBets';
import type { ResultBetRow } from '../../api/entities/betsSlice';
import { gridOf, outcomesOf } from './summary';

const finished: Match = { ...MATCH, started: true, finished: true, status: 'finished', local_goals: 2, visiting_goals: 1 };
const bet = (id: number, user: [number, string], goals: [number | null, number | null], points: number | null): ResultBetRow =>
  ({ ...resultBet(id, { local_goals: goals[0], visiting_goals: goals[1] }), user_id: user[0], user_name: user[1], points }) as ResultBetRow;

describe('bets summary', () => {
  const ana: [number, string] = [1, 'Ana'];
  const bea: [number, string] = [2, 'Bea'];
  const carlos: [number, string] = [3, 'Carlos'];

  it('counts who picked each score, most picked first, and marks the right one', () => {
    const bets = [bet(1, ana, [2, 1], 5), bet(2, bea, [1, 0], 2), bet(3, carlos, [2, 1], 5), bet(4, [4, 'Dani'], [null, null], null)];
    expect(outcomesOf(finished, bets, 'exact')).toEqual([
      { text: '2-1', users: ['Ana', 'Carlos'], right: true },
      { text: '1-0', users: ['Bea'], right: false },
    ]);
  });

  it('groups by sign in a sign-system league', () => {
    const bets = [bet(1, ana, [1, 0], 2), bet(2, bea, [0, 1], 0), bet(3, carlos, [1, 0], 2)];
    expect(outcomesOf(finished, bets, 'sign')).toEqual([
      { text: '1', users: ['Ana', 'Carlos'], right: true },
      { text: '2', users: ['Bea'], right: false },
    ]);
  });

  it('builds the members x matches grid, best total first', () => {
    const first = [bet(1, ana, [2, 1], 5), bet(2, bea, [1, 0], 2)];
    const second = [bet(3, bea, [0, 0], 5)];
    const grid = gridOf([first, second]);
    expect(grid.map((row) => [row.name, row.points, row.bets.map((item) => item?.id ?? null)])).toEqual([
      ['Bea', 7, [2, 3]],
      ['Ana', 5, [1, null]],
    ]);
  });
});
