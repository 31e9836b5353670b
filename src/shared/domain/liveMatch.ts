/**
 * The phases of a match in play, as the live strip, the match page and the league's live area show them. A match
 * that has not started is `scheduled`; one whose result is in is `finished`; `in_play` is a match under way whose
 * provider does not say which phase it is in.
 */
export const LIVE_PHASES = ['first_half', 'half_time', 'second_half', 'extra_time', 'penalties'] as const;
export type LivePhase = (typeof LIVE_PHASES)[number];

type MatchClockStatus = 'scheduled' | 'in_play' | LivePhase | 'finished';

export interface MatchClockInput {
  started: boolean; finished: boolean;
  live?: { phase: LivePhase; minute: number | null; added: number | null } | null;
}

/** Where a match stands on the clock. */
export function matchClockStatus(match: MatchClockInput): MatchClockStatus {
  if (match.finished) return 'finished';
  if (!match.started) return 'scheduled';
  return match.live?.phase ?? 'in_play';
}

/** The minute as shown beside the phase ("23'", "45+2'"); null when the phase has no running clock. */
export function matchMinuteText(match: MatchClockInput): string | null {
  const live = match.live;
  if (match.finished || !live || live.minute === null) return null;
  if (live.phase === 'half_time' || live.phase === 'penalties') return null;
  return live.added ? `${live.minute}+${live.added}'` : `${live.minute}'`;
}

export const isLivePhase = (value: unknown): value is LivePhase => LIVE_PHASES.includes(value as LivePhase);
