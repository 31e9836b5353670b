import {
  POINTS_SYSTEM_PRESETS, SCORING_PRESETS, isMatchPlayedInLeague, isSignBet, maxResultBetPoints, resultBetLegend, resultBetPoints, type ScoredMatch,
  type ScoringRules,
} from './scoring';

const exact: ScoringRules = { bets_system: 'exact', scoring: SCORING_PRESETS.classic, knockout_basis: 'regular' };
const exactWinner: ScoringRules = { ...exact, scoring: SCORING_PRESETS.winner };
const sign: ScoringRules = { ...exact, bets_system: 'sign' };
const finished = (local: number, visiting: number, extra: Partial<ScoredMatch> = {}): ScoredMatch => ({
  round_id: 1, finished: 1, local_goals: local, visiting_goals: visiting,
  local_goals_extra_time: null, visiting_goals_extra_time: null, ...extra,
});
const bet = (local: number | null, visiting: number | null) => ({ local_goals: local, visiting_goals: visiting });

describe('result bet scoring', () => {
  it('exact + winner_and_goals: sign 2, goals 1 each, exact bonus 1 (max 5)', () => {
    expect(maxResultBetPoints(exact)).toBe(5);
    expect(resultBetPoints(exact, bet(2, 1), finished(2, 1))).toBe(5);
    expect(resultBetPoints(exact, bet(3, 1), finished(2, 1))).toBe(3);
    expect(resultBetPoints(exact, bet(2, 0), finished(2, 1))).toBe(3);
    expect(resultBetPoints(exact, bet(2, 3), finished(2, 1))).toBe(1);
    expect(resultBetPoints(exact, bet(0, 1), finished(2, 1))).toBe(1);
    expect(resultBetPoints(exact, bet(0, 3), finished(2, 1))).toBe(0);
    expect(resultBetPoints(exact, bet(1, 1), finished(0, 0))).toBe(2);
  });

  it('winner points system and sign system score only the sign (max 2)', () => {
    for (const rules of [exactWinner, sign]) {
      expect(maxResultBetPoints(rules)).toBe(2);
      expect(resultBetPoints(rules, bet(1, 0), finished(3, 1))).toBe(2);
      expect(resultBetPoints(rules, bet(0, 0), finished(3, 1))).toBe(0);
      expect(resultBetPoints(rules, bet(0, 0), finished(2, 2))).toBe(2);
    }
  });

  it('unfinished matches, empty bets and disabled systems have null points', () => {
    expect(resultBetPoints(exact, bet(1, 0), { ...finished(1, 0), finished: 0 })).toBeNull();
    expect(resultBetPoints(exact, bet(null, null), finished(1, 0))).toBeNull();
    expect(resultBetPoints({ ...exact, bets_system: 'disabled' }, bet(1, 0), finished(1, 0))).toBeNull();
    expect(maxResultBetPoints({ ...exact, bets_system: 'disabled' })).toBe(0);
  });

  it('knockout basis: regular uses 90 minutes; extra_time adds extra-time goals, a shoot-out is a draw', () => {
    const final = finished(1, 1, { round_id: 7, local_goals_extra_time: 1, visiting_goals_extra_time: 0 });
    expect(resultBetPoints(exact, bet(1, 1), final)).toBe(5);
    expect(resultBetPoints({ ...exact, knockout_basis: 'extra_time' }, bet(2, 1), final)).toBe(5);
    const shootOut = finished(0, 0, { round_id: 6, local_goals_extra_time: 1, visiting_goals_extra_time: 1 });
    expect(resultBetPoints({ ...sign, knockout_basis: 'extra_time' }, bet(0, 0), shootOut)).toBe(2);
    expect(resultBetPoints({ ...exact, knockout_basis: 'extra_time' }, bet(1, 1), shootOut)).toBe(5);
    // Group matches ignore the knockout basis.
    const group = finished(1, 1, { local_goals_extra_time: 1 });
    expect(resultBetPoints({ ...exact, knockout_basis: 'extra_time' }, bet(1, 1), group)).toBe(5);
  });

  it('legend rows carry the points earned per row', () => {
    expect(resultBetLegend(exact, bet(2, 0), finished(2, 1))).toEqual([
      { key: 'tendency', description: 'points.sign', points: 2, max_points: 2 },
      { key: 'local_goals', description: 'points.local_goals', points: 1, max_points: 1 },
      { key: 'visiting_goals', description: 'points.visiting_goals', points: 0, max_points: 1 },
      { key: 'exact', description: 'points.exact', points: 0, max_points: 1 },
    ]);
  });

  it('kicktipp (highest 2/3/4): the best of tendency, goal difference and exact', () => {
    const kicktipp: ScoringRules = { ...exact, scoring: SCORING_PRESETS.kicktipp };
    expect(maxResultBetPoints(kicktipp)).toBe(4);
    expect(resultBetPoints(kicktipp, bet(2, 1), finished(2, 1))).toBe(4);
    expect(resultBetPoints(kicktipp, bet(3, 2), finished(2, 1))).toBe(3);
    expect(resultBetPoints(kicktipp, bet(3, 1), finished(2, 1))).toBe(2);
    expect(resultBetPoints(kicktipp, bet(1, 1), finished(2, 2))).toBe(2);
    expect(resultBetPoints(kicktipp, bet(2, 2), finished(2, 2))).toBe(4);
    expect(resultBetPoints(kicktipp, bet(1, 2), finished(2, 1))).toBe(0);
    const legend = resultBetLegend(kicktipp, bet(2, 1), finished(2, 1))!;
    expect(legend.map((r) => [r.key, r.points])).toEqual([['tendency', 0], ['goal_difference', 0], ['exact', 4]]);
  });

  it('additive sums every hit; a draw has no goal-difference hit', () => {
    const all: ScoringRules = { ...exact, scoring: { mode: 'additive', tendency: 1, goal_difference: 2, exact: 4, local_goals: 8, visiting_goals: 16, quote_max: 10 } };
    expect(resultBetPoints(all, bet(2, 1), finished(2, 1))).toBe(31);
    expect(resultBetPoints(all, bet(3, 2), finished(2, 1))).toBe(3);
    expect(resultBetPoints(all, bet(1, 1), finished(1, 1))).toBe(29);
    expect(resultBetPoints(all, bet(0, 0), finished(1, 1))).toBe(1);
    // The sign system only counts the tendency.
    expect(resultBetPoints({ ...all, bets_system: 'sign' }, bet(1, 0), finished(2, 1))).toBe(1);
  });

  it('the round factor, then the joker, multiply the points (jokers only when the league has them)', () => {
    const weights = { round_multipliers: [{ round_id: 7, factor: 2 }], jokers: { count: 1, multiplier: 3 } };
    const final = finished(2, 1, { round_id: 7 });
    expect(resultBetPoints(exact, bet(2, 1), final, weights)).toBe(10);
    expect(resultBetPoints(exact, { ...bet(2, 1), joker: true }, final, weights)).toBe(30);
    expect(resultBetPoints(exact, { ...bet(2, 1), joker: true }, finished(2, 1), weights)).toBe(15);
    expect(resultBetPoints(exact, { ...bet(2, 1), joker: 1 }, finished(2, 1), { ...weights, jokers: { count: 0, multiplier: 3 } })).toBe(5);
  });

  it('penalties basis: the score after extra time plus one goal to the shoot-out winner', () => {
    const penalties: ScoringRules = { ...exact, knockout_basis: 'penalties' };
    const shootOut = finished(1, 1, { round_id: 7, local_goals_extra_time: 0, visiting_goals_extra_time: 0, local_penalties: 3, visiting_penalties: 4 });
    expect(resultBetPoints(penalties, bet(1, 2), shootOut)).toBe(5);
    expect(resultBetPoints(penalties, bet(1, 1), shootOut)).toBe(1);
    const extraTime = finished(1, 1, { round_id: 6, local_goals_extra_time: 1, visiting_goals_extra_time: 0 });
    expect(resultBetPoints(penalties, bet(2, 1), extraTime)).toBe(5);
    // Group matches ignore the basis.
    expect(resultBetPoints(penalties, bet(1, 1), { ...shootOut, round_id: 1 })).toBe(5);
  });

  it('presets have their fixed points per hit and mode; the old points systems map to classic and winner', () => {
    const as = (mode: string, ...points: number[]) => ({
      mode, tendency: points[0], goal_difference: points[1], exact: points[2], local_goals: points[3], visiting_goals: points[4],
      quote_max: 10,
    });
    expect(SCORING_PRESETS).toEqual({
      classic: as('additive', 2, 0, 1, 1, 1), winner: as('additive', 2, 0, 0, 0, 0),
      kicktipp: as('highest', 2, 3, 4, 0, 0), tendency_exact: as('highest', 1, 0, 3, 0, 0), quote: as('quote', 2, 0, 2, 0, 0),
      odds: as('odds', 1, 1, 2, 0, 0),
    });
    expect(POINTS_SYSTEM_PRESETS).toEqual({ winner_and_goals: 'classic', winner: 'winner' });
  });

  it('sign bets are 1-0, 0-0 or 0-1', () => {
    expect([isSignBet(1, 0), isSignBet(0, 0), isSignBet(0, 1)]).toEqual([true, true, true]);
    expect([isSignBet(2, 0), isSignBet(1, 1), isSignBet(0, 2)]).toEqual([false, false, false]);
  });
});

describe('matches played in a league', () => {
  const league = { bets_system: 'exact' as const, playoff_results_points: 1, start_matchday: 1, selected_team_ids: [] as number[] };
  const match = { round_id: 1, matchday: 2, local_team_id: 10, visiting_team_id: 11 };
  it('applies disabled system, knockout toggle, selected teams and start matchday', () => {
    expect(isMatchPlayedInLeague(league, match, false)).toBe(true);
    expect(isMatchPlayedInLeague({ ...league, bets_system: 'disabled' }, match, false)).toBe(false);
    expect(isMatchPlayedInLeague({ ...league, playoff_results_points: 0 }, { ...match, round_id: 6 }, false)).toBe(false);
    expect(isMatchPlayedInLeague({ ...league, playoff_results_points: 0 }, { ...match, round_id: 9 }, false)).toBe(false);
    expect(isMatchPlayedInLeague({ ...league, selected_team_ids: [11] }, match, false)).toBe(true);
    expect(isMatchPlayedInLeague({ ...league, selected_team_ids: [12] }, match, false)).toBe(false);
    expect(isMatchPlayedInLeague({ ...league, start_matchday: 3 }, match, true)).toBe(false);
    expect(isMatchPlayedInLeague({ ...league, start_matchday: 3 }, match, false)).toBe(true);
  });
});
