import { ROUND } from '../../../shared/domain/rounds';
import { eligibleTeams, tieWinner, type KnockoutMatch } from './eligibility';

const tie = (round_id: number, local: number | null, visiting: number | null, score?: Partial<KnockoutMatch>): KnockoutMatch => ({
  round_id, local_team_id: local, visiting_team_id: visiting, finished: score ? 1 : 0,
  local_goals: null, visiting_goals: null, local_goals_extra_time: null, visiting_goals_extra_time: null,
  local_penalties: null, visiting_penalties: null, ...score,
});

describe('eligible teams of a pick rule', () => {
  const all = [1, 2, 3, 4, 5, 6, 7, 8];

  it('decides ties on 90 minutes, then extra time, then penalties', () => {
    expect(tieWinner(tie(7, 1, 2, { local_goals: 0, visiting_goals: 1 }))).toBe(2);
    expect(tieWinner(tie(7, 1, 2, { local_goals: 1, visiting_goals: 1, local_goals_extra_time: 1, visiting_goals_extra_time: 0 }))).toBe(1);
    expect(tieWinner(tie(7, 1, 2, { local_goals: 1, visiting_goals: 1, local_penalties: 3, visiting_penalties: 5 }))).toBe(2);
    expect(tieWinner(tie(7, 1, 2, { local_goals: 1, visiting_goals: 1 }))).toBeNull();
    expect(tieWinner(tie(7, 1, 2))).toBeNull();
  });

  it('keeps every team until a round is drawn, then the survivors', () => {
    const matches = [tie(6, null, null), tie(6, null, null), tie(7, null, null)];
    expect(eligibleTeams(ROUND.FINAL, all, matches)).toEqual(all);
    const drawn = [tie(6, 1, 2, { local_goals: 2, visiting_goals: 0 }), tie(6, 3, 4), tie(7, null, null)];
    expect(eligibleTeams(ROUND.SEMI_FINALS, all, drawn)).toEqual([1, 2, 3, 4]);
    expect(eligibleTeams(ROUND.FINAL, all, drawn)).toEqual([1, 3, 4]);
    expect(eligibleTeams(ROUND.CHAMPION, all, drawn)).toEqual([1, 3, 4]);
  });

  it('leaves only the winner as champion once the final is played, and the semi-final losers for third place', () => {
    const played = [
      tie(6, 1, 2, { local_goals: 2, visiting_goals: 0 }), tie(6, 3, 4, { local_goals: 0, visiting_goals: 1 }),
      tie(7, 1, 4, { local_goals: 0, visiting_goals: 0, local_penalties: 4, visiting_penalties: 2 }), tie(9, 2, 3),
    ];
    expect(eligibleTeams(ROUND.FINAL, all, played)).toEqual([1, 4]);
    expect(eligibleTeams(ROUND.CHAMPION, all, played)).toEqual([1]);
    expect(eligibleTeams(ROUND.THIRD_PLACE, all, played)).toEqual([2, 3]);
    expect(eligibleTeams(ROUND.LEAGUE_CHAMPION, all, played)).toEqual(all);
  });
});
