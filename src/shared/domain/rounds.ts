/** The global round catalogue. Ids are fixed: the client picks icons by id. */
type RoundKind = 'matches' | 'knockout' | 'picks' | 'person';

interface RoundDefinition { id: number; name: string; kind: RoundKind; league: boolean }

export const ROUND = {
  GROUP_STAGE: 1,
  REGULAR_SEASON: 2,
  ROUND_OF_32: 3,
  ROUND_OF_16: 4,
  QUARTER_FINALS: 5,
  SEMI_FINALS: 6,
  FINAL: 7,
  CHAMPION: 8,
  THIRD_PLACE: 9,
  TOP_SCORER: 10,
  EUROPEAN_PLACES: 12,
  RELEGATION: 13,
  LEAGUE_CHAMPION: 14,
} as const;

export const ROUNDS: readonly RoundDefinition[] = [
  { id: 1, name: 'Group stage', kind: 'matches', league: false },
  { id: 2, name: 'Regular season', kind: 'matches', league: true },
  { id: 3, name: 'Round of 32', kind: 'knockout', league: false },
  { id: 4, name: 'Round of 16', kind: 'knockout', league: false },
  { id: 5, name: 'Quarter-finals', kind: 'knockout', league: false },
  { id: 6, name: 'Semi-finals', kind: 'knockout', league: false },
  { id: 7, name: 'Final', kind: 'knockout', league: false },
  { id: 8, name: 'Champion', kind: 'picks', league: false },
  { id: 9, name: 'Third-place match', kind: 'matches', league: false },
  { id: 10, name: 'Top scorer', kind: 'person', league: false },
  { id: 12, name: 'European places', kind: 'picks', league: true },
  { id: 13, name: 'Relegation', kind: 'picks', league: true },
  { id: 14, name: 'League champion', kind: 'picks', league: true },
];

/** Knockout rounds in playing order; a pick for one of them scores when the team plays in it. */
export const KNOCKOUT_ORDER: readonly number[] = [3, 4, 5, 6, 7];

export const isKnockoutRound = (roundId: number): boolean => KNOCKOUT_ORDER.includes(roundId) || roundId === ROUND.THIRD_PLACE;

/** Default pick rules for a cup: picks = teams in the round, points per hit. */
export const CUP_DEFAULT_POINTS: Readonly<Record<number, number>> = { 3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 8, 10: 1 };
