import { classify, type ClassificationEntry, type TeamResult } from './classification';

let matchId = 0;
const result = (goalsFor: number, goalsAgainst: number, date: number): TeamResult => ({ matchId: ++matchId, date, goalsFor, goalsAgainst });
const entry = (teamId: number, teamName: string, r: TeamResult | null, groupId: number | null = null, groupName: string | null = null): ClassificationEntry =>
  ({ teamId, teamName, groupId, groupName, result: r });

describe('classify', () => {
  it('counts played, wins, draws, losses, goals and 3/1/0 points', () => {
    const rows = classify([
      entry(1, 'Alpha', result(2, 0, 1)),
      entry(1, 'Alpha', result(1, 1, 2)),
      entry(1, 'Alpha', result(0, 3, 3)),
      entry(2, 'Beta', null),
    ]);
    expect(rows[0]).toEqual({
      team_id: 1, group_id: null, position: 1, played: 3, wins: 1, draws: 1, losses: 1,
      goals_for: 3, goals_against: 4, goal_difference: -1, streak: ['W', 'D', 'L'], points: 4,
    });
    expect(rows[1]).toMatchObject({ team_id: 2, position: 2, played: 0, points: 0, streak: [] });
  });

  it('orders by points, then goal difference, then goals for, then name', () => {
    const rows = classify([
      entry(1, 'Delta', result(1, 0, 1)), // 3 pts, +1, 1 gf
      entry(2, 'Charlie', result(3, 2, 1)), // 3 pts, +1, 3 gf
      entry(3, 'Bravo', result(2, 0, 1)), // 3 pts, +2
      entry(4, 'Alpha', result(1, 0, 1)), // ties Delta on everything: name decides
      entry(5, 'Echo', result(5, 5, 1)), // 1 pt
    ]);
    expect(rows.map((r) => r.team_id)).toEqual([3, 2, 4, 1, 5]);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the last five results in date order, most recent last', () => {
    const entries = [
      entry(1, 'A', result(0, 1, 6)),
      entry(1, 'A', result(1, 0, 1)),
      entry(1, 'A', result(1, 1, 2)),
      entry(1, 'A', result(2, 0, 3)),
      entry(1, 'A', result(0, 0, 4)),
      entry(1, 'A', result(3, 1, 5)),
    ];
    const [row] = classify(entries);
    expect(row.played).toBe(6);
    expect(row.streak).toEqual(['D', 'W', 'D', 'W', 'L']);
  });

  it('ranks each group on its own, groups ordered by name, positions restarting at 1', () => {
    const rows = classify([
      entry(5, 'Zeta', result(1, 0, 1), 20, 'Group B'),
      entry(6, 'Eta', result(0, 1, 1), 20, 'Group B'),
      entry(1, 'Alpha', result(0, 2, 1), 10, 'Group A'),
      entry(2, 'Beta', result(2, 0, 1), 10, 'Group A'),
      entry(9, 'Iota', null, 30, 'Group 10'),
      entry(8, 'Theta', null, 40, 'Group 9'),
    ]);
    expect(rows.map((r) => [r.group_id, r.team_id, r.position])).toEqual([
      [40, 8, 1], [30, 9, 1], [10, 2, 1], [10, 1, 2], [20, 5, 1], [20, 6, 2],
    ]);
  });

  it('counts a repeated result of the same match once', () => {
    const r = result(2, 1, 1);
    const [row] = classify([entry(1, 'A', r), entry(1, 'A', r)]);
    expect(row).toMatchObject({ played: 1, wins: 1, points: 3 });
  });

  it('answers an empty table for no entries', () => {
    expect(classify([])).toEqual([]);
  });
});
