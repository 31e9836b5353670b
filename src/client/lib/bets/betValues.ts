/** A bet's two goal values; both null while the bet is empty. */
export interface BetGoals { local_goals: number | null; visiting_goals: number | null }
export type BetsSystem = 'sign' | 'exact' | 'disabled';

/** Goal options */
export const GOAL_OPTIONS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
export type Sign = '1' | 'X' | '2';

/** Sign-system bets travel as 1-0, 0-0 or 0-1 and show as 1, X, 2. */
export const SIGN_GOALS: Record<Sign, BetGoals> = {
  1: { local_goals: 1, visiting_goals: 0 },
  X: { local_goals: 0, visiting_goals: 0 },
  2: { local_goals: 0, visiting_goals: 1 },
};

export function signOf(goals: BetGoals): Sign | '' {
  const { local_goals: local, visiting_goals: visiting } = goals;
  if (local === null || visiting === null) return '';
  return local > visiting ? '1' : local < visiting ? '2' : 'X';
}

export const isFilled = (goals: BetGoals): boolean => goals.local_goals !== null && goals.visiting_goals !== null;

/** The text of a bet: "2-1", a sign, or "-" when empty. */
export function betText(goals: BetGoals, system: 'sign' | 'exact' | 'disabled'): string {
  if (!isFilled(goals)) return '-';
  return system === 'sign' ? signOf(goals) : `${goals.local_goals}-${goals.visiting_goals}`;
}

/**
 * One goal changed in an exact bet: both values are set. Emptying either clears the bet; a first value
 * fills the other side with 0 so the bet is complete.
 */
export function withGoal(current: BetGoals, side: 'local_goals' | 'visiting_goals', raw: string): BetGoals {
  if (raw === '') return { local_goals: null, visiting_goals: null };
  const other = side === 'local_goals' ? 'visiting_goals' : 'local_goals';
  return { [side]: Number(raw), [other]: current[other] ?? 0 } as unknown as BetGoals;
}

/** "2d 03:04:05"-style remaining time, never negative. */
export function formatRemaining(ms: number): { days: number; hours: number; minutes: number; seconds: number } {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
