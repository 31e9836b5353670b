import { ROUND } from '../../../shared/domain/rounds';

/** openfootball round names -> the global round catalogue (fixed ids, rounds.ts). */
const KNOCKOUT: [RegExp, number][] = [
  [/^round of 32$/i, ROUND.ROUND_OF_32],
  [/^round of 16$|^eighth-?finals?$/i, ROUND.ROUND_OF_16],
  [/^quarter-?finals?$/i, ROUND.QUARTER_FINALS],
  [/^semi-?finals?$/i, ROUND.SEMI_FINALS],
  [/^(match for )?third[- ]place( play-?off| match)?$|^3rd place/i, ROUND.THIRD_PLACE],
  [/^finals?$/i, ROUND.FINAL],
];

export function openfootballRound(name: string, type: 'cup' | 'league'): { roundId: number; matchday: number | null } | null {
  const trimmed = name.trim();
  const matchday = /^Matchday (\d+)$/i.exec(trimmed);
  if (matchday) {
    return type === 'league'
      ? { roundId: ROUND.REGULAR_SEASON, matchday: Number(matchday[1]) }
      : { roundId: ROUND.GROUP_STAGE, matchday: null };
  }
  if (type === 'cup' && /^group/i.test(trimmed)) return { roundId: ROUND.GROUP_STAGE, matchday: null };
  const knockout = KNOCKOUT.find(([re]) => re.test(trimmed));
  return knockout ? { roundId: knockout[1], matchday: null } : null;
}
