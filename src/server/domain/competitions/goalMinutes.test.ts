import { parseOpenfootball } from './openfootballParser';

const file = (goals1: unknown[], goals2: unknown[] = []) => ({
  matches: {
    name: 'Minute Cup 2030',
    matches: [{ round: 'Matchday 1', date: '2030-06-10', time: '18:00 UTC+0', team1: 'Spain', team2: 'Japan', group: 'Group A', score: { ft: [goals1.length, goals2.length] }, goals1, goals2 }],
  },
});
const goalsOf = (goals1: unknown[], goals2: unknown[] = []) =>
  parseOpenfootball(file(goals1, goals2), 'UTC').matches[0].goals.map(({ minute, offset, side, ownGoal }) => ({ minute, offset, side, ownGoal }));

describe("an imported goal's minute, stoppage and side", () => {
  it('reads "90+3", or a minute with an offset, as the minute and its stoppage', () => {
    expect(goalsOf([{ name: 'Pedri', minute: '90+3' }, { name: 'Pedri', minute: 45, offset: 2 }, { name: 'Gavi', minute: '12' }])).toEqual([
      { minute: 90, offset: 3, side: 1, ownGoal: false },
      { minute: 45, offset: 2, side: 1, ownGoal: false },
      { minute: 12, offset: 0, side: 1, ownGoal: false },
    ]);
  });

  it('counts an own goal for the side whose list holds it', () => {
    expect(goalsOf([], [{ name: 'Gavi', minute: 70, owngoal: true }])).toEqual([{ minute: 70, offset: 0, side: 2, ownGoal: true }]);
  });

  it('keeps a goal without a readable minute, with no minute', () => {
    expect(goalsOf([{ name: 'Gavi' }, { name: 'Pedri', minute: 'late' }])).toEqual([
      { minute: null, offset: 0, side: 1, ownGoal: false }, { minute: null, offset: 0, side: 1, ownGoal: false },
    ]);
  });
});
