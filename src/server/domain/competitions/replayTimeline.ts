import type { LivePhase } from '../../../shared/domain/liveMatch';
import type { HeldGoal, HeldResult } from './heldResult';

/**
 * How a replayed match is played out from its kickoff, in whole minutes of real time (see docs/live-matches.md):
 * each half runs its 45 minutes, then the stoppage its goals need (a "45+2" goal adds 2), then one more minute;
 * a 15-minute half-time; for matches that went to extra time, 5 minutes' break and two 15-minute halves played
 * back to back (with their own stoppage); for a shoot-out, SHOOTOUT_MINUTES of penalties. A goal of minute m
 * (+ offset o) is revealed m - start + o minutes after its period started, when the clock shows its minute.
 */
const HALF_TIME_MINUTES = 15;
const BEFORE_EXTRA_TIME_MINUTES = 5;
const SHOOTOUT_MINUTES = 10;
const MINUTE_MS = 60_000;

type PlayedPhase = 'first_half' | 'second_half' | 'extra_time';

/** A period of play: it starts `from` minutes after kickoff, its clock reads `base` + the minutes played. */
interface ReplayPeriod { phase: PlayedPhase; from: number; to: number; base: number; length: number }
interface ReplayPlan { periods: ReplayPeriod[]; shootoutFrom: number | null; finish: number }

const SPANS: { phase: PlayedPhase; base: number; length: number; breakBefore: number }[] = [
  { phase: 'first_half', base: 0, length: 45, breakBefore: 0 },
  { phase: 'second_half', base: 45, length: 45, breakBefore: HALF_TIME_MINUTES },
  { phase: 'extra_time', base: 90, length: 15, breakBefore: BEFORE_EXTRA_TIME_MINUTES },
  { phase: 'extra_time', base: 105, length: 15, breakBefore: 0 },
];

const wentToExtraTime = (held: Pick<HeldResult, 'score'>) =>
  held.score.local_goals_extra_time !== null || held.score.visiting_goals_extra_time !== null;

/** The period a goal was scored in (0, 1: halves; 2, 3: extra time), or null without a minute. */
function periodOf(goal: HeldGoal, extraTime: boolean): number | null {
  if (goal.minute === null || !Number.isFinite(goal.minute)) return null;
  if (goal.minute <= 45) return 0;
  if (goal.minute <= 90 || !extraTime) return 1;
  return goal.minute <= 105 ? 2 : 3;
}

const offsetOf = (goal: HeldGoal) => Math.max(0, Math.floor(goal.offset ?? 0));

export function replayPlan(held: Pick<HeldResult, 'score' | 'goals'>): ReplayPlan {
  const extraTime = wentToExtraTime(held);
  const periods: ReplayPeriod[] = [];
  let at = 0;
  for (const [index, span] of SPANS.slice(0, extraTime ? 4 : 2).entries()) {
    const stoppage = Math.max(0, ...held.goals.filter((g) => periodOf(g, extraTime) === index)
      .map((g) => g.minute! + offsetOf(g) - span.base - span.length));
    const from = at + span.breakBefore;
    at = from + span.length + stoppage + 1;
    periods.push({ phase: span.phase, from, to: at, base: span.base, length: span.length });
  }
  const shootout = held.score.local_penalties !== null || held.score.visiting_penalties !== null;
  return { periods, shootoutFrom: shootout ? at : null, finish: shootout ? at + SHOOTOUT_MINUTES : at };
}

/** How long after kickoff the replay ends and the result is in. */
export const replayDurationMs = (held: Pick<HeldResult, 'score' | 'goals'>): number => replayPlan(held).finish * MINUTE_MS;

/** When a goal is shown, in ms after kickoff: null for a goal without a minute or a side (shown with the result). */
export function goalRevealMs(goal: HeldGoal, plan: ReplayPlan): number | null {
  if (goal.side !== 1 && goal.side !== 2) return null;
  const index = periodOf(goal, plan.periods.length > 2);
  if (index === null) return null;
  const period = plan.periods[index];
  return (period.from + Math.max(0, goal.minute! - period.base) + offsetOf(goal)) * MINUTE_MS;
}

/** A replayed match in play: where it stands and its provisional score. */
interface ReplayState {
  phase: LivePhase; minute: number | null; added: number | null;
  local_goals: number; visiting_goals: number;
  local_goals_extra_time: number | null; visiting_goals_extra_time: number | null;
}

/** The match `elapsedMs` after kickoff: 'scheduled' before it, 'finished' once the replay ends, else its state. */
export function replayStateAt(held: HeldResult, elapsedMs: number): ReplayState | 'scheduled' | 'finished' {
  if (elapsedMs < 0) return 'scheduled';
  const plan = replayPlan(held);
  if (elapsedMs >= plan.finish * MINUTE_MS) return 'finished';
  const minutes = elapsedMs / MINUTE_MS;
  let clock: Pick<ReplayState, 'phase' | 'minute' | 'added'> = { phase: 'penalties', minute: null, added: null };
  for (const period of plan.periods) {
    if (minutes < period.from) {
      clock = { phase: period.phase === 'second_half' ? 'half_time' : 'extra_time', minute: null, added: null };
      break;
    }
    if (minutes < period.to) {
      const played = Math.floor(minutes - period.from);
      clock = { phase: period.phase, minute: period.base + Math.min(Math.max(played, 1), period.length), added: played > period.length ? played - period.length : null };
      break;
    }
  }
  const extraTimeStarted = plan.periods.length > 2 && minutes >= plan.periods[1].to;
  const count = (side: 1 | 2, extra: boolean) => held.goals.filter((g) => {
    const at = goalRevealMs(g, plan);
    return g.side === side && at !== null && at <= elapsedMs && periodOf(g, plan.periods.length > 2)! >= 2 === extra;
  }).length;
  const { score } = held;
  return {
    ...clock,
    local_goals: Math.min(count(1, false), score.local_goals),
    visiting_goals: Math.min(count(2, false), score.visiting_goals),
    local_goals_extra_time: extraTimeStarted ? Math.min(count(1, true), score.local_goals_extra_time ?? 0) : null,
    visiting_goals_extra_time: extraTimeStarted ? Math.min(count(2, true), score.visiting_goals_extra_time ?? 0) : null,
  };
}
