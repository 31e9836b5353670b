import { CUP_DEFAULT_POINTS, KNOCKOUT_ORDER, ROUND } from './rounds';

/** A competition's pick rule before it is stored: how many teams/persons to pick and the points per hit. */
export interface PickRule { round_id: number; picks: number; points_per_hit: number }

/** Person picks: a small choice, scored per goal. */
const TOP_SCORER_PICKS = 2;

/**
 * Default pick rules. A cup gets one rule per knockout round it plays, with as many picks as teams
 * reach that round, plus Champion and Top scorer; a league season gets its final-table prizes and Top scorer.
 * `teamsPerRound` maps a knockout round id to how many teams play it (twice its matches).
 */
export function defaultPickRules(type: 'cup' | 'league', teamsPerRound: Readonly<Record<number, number>> = {}): PickRule[] {
  if (type === 'league') {
    return [
      { round_id: ROUND.LEAGUE_CHAMPION, picks: 1, points_per_hit: 10 },
      { round_id: ROUND.EUROPEAN_PLACES, picks: 4, points_per_hit: 3 },
      { round_id: ROUND.RELEGATION, picks: 3, points_per_hit: 3 },
      { round_id: ROUND.TOP_SCORER, picks: TOP_SCORER_PICKS, points_per_hit: 1 },
    ];
  }
  const rules: PickRule[] = KNOCKOUT_ORDER
    .filter((roundId) => (teamsPerRound[roundId] ?? 0) > 0)
    .map((roundId) => ({ round_id: roundId, picks: teamsPerRound[roundId], points_per_hit: CUP_DEFAULT_POINTS[roundId] }));
  rules.push({ round_id: ROUND.CHAMPION, picks: 1, points_per_hit: CUP_DEFAULT_POINTS[ROUND.CHAMPION] });
  rules.push({ round_id: ROUND.TOP_SCORER, picks: TOP_SCORER_PICKS, points_per_hit: CUP_DEFAULT_POINTS[ROUND.TOP_SCORER] });
  return rules;
}
