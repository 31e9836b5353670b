import { ROUND } from '../../../../shared/domain/rounds';
import type { ApiMatch, ApiScore } from './apiTypes';
import type { LivePhase } from '../../../../shared/domain/liveMatch';

/** football-data stages -> the global round catalogue (fixed ids, rounds.ts). Qualifying stages are not part of a Porra competition. */
const ROUND_BY_STAGE: Readonly<Record<string, number>> = {
  GROUP_STAGE: ROUND.GROUP_STAGE,
  LEAGUE_STAGE: ROUND.GROUP_STAGE,
  REGULAR_SEASON: ROUND.REGULAR_SEASON,
  PLAYOFFS: ROUND.ROUND_OF_32,
  LAST_32: ROUND.ROUND_OF_32,
  LAST_16: ROUND.ROUND_OF_16,
  QUARTER_FINALS: ROUND.QUARTER_FINALS,
  SEMI_FINALS: ROUND.SEMI_FINALS,
  THIRD_PLACE: ROUND.THIRD_PLACE,
  FINAL: ROUND.FINAL,
};

export const roundOfStage = (stage: string): number | null => ROUND_BY_STAGE[stage] ?? null;

type MatchStatus = 'scheduled' | 'in_play' | 'finished' | 'postponed' | 'cancelled';

const STATUS: Readonly<Record<string, MatchStatus>> = {
  SCHEDULED: 'scheduled', TIMED: 'scheduled',
  IN_PLAY: 'in_play', PAUSED: 'in_play', LIVE: 'in_play', EXTRA_TIME: 'in_play', PENALTY_SHOOTOUT: 'in_play',
  FINISHED: 'finished', AWARDED: 'finished',
  POSTPONED: 'postponed', SUSPENDED: 'postponed',
  CANCELLED: 'cancelled',
};

const statusOf = (apiStatus: string): MatchStatus => STATUS[apiStatus] ?? 'scheduled';

/** "GROUP_A" -> "Group A". */
export function groupName(group: string | null | undefined): string | null {
  if (!group) return null;
  const match = /^GROUP_([A-Z0-9]+)$/i.exec(group);
  return match ? `Group ${match[1].toUpperCase()}` : group.replace(/_/g, ' ');
}

interface MatchResult {
  status: MatchStatus; started: 0 | 1; finished: 0 | 1;
  local_goals: number | null; visiting_goals: number | null;
  local_goals_extra_time: number | null; visiting_goals_extra_time: number | null;
  local_penalties: number | null; visiting_penalties: number | null;
}

/**
 * The score as Porra stores it: 90-minute goals, extra-time goals only, penalties.
 * v4 puts the 90-minute score in `regularTime` when the match went beyond it; `fullTime` otherwise.
 */
export function resultOf(status: string, score: ApiScore): MatchResult {
  const mapped = statusOf(status);
  const started = mapped === 'in_play' || mapped === 'finished';
  const none = { local_goals: null, visiting_goals: null, local_goals_extra_time: null, visiting_goals_extra_time: null, local_penalties: null, visiting_penalties: null };
  if (!started) return { status: mapped, started: 0, finished: 0, ...none };
  const regular = score.regularTime ?? score.fullTime;
  const wentToExtraTime = score.duration === 'EXTRA_TIME' || score.duration === 'PENALTY_SHOOTOUT' || Boolean(score.extraTime);
  const shootout = score.duration === 'PENALTY_SHOOTOUT' || Boolean(score.penalties);
  return {
    status: mapped,
    started: 1,
    finished: mapped === 'finished' ? 1 : 0,
    local_goals: regular?.home ?? null,
    visiting_goals: regular?.away ?? null,
    local_goals_extra_time: wentToExtraTime ? score.extraTime?.home ?? 0 : null,
    visiting_goals_extra_time: wentToExtraTime ? score.extraTime?.away ?? 0 : null,
    local_penalties: shootout ? score.penalties?.home ?? null : null,
    visiting_penalties: shootout ? score.penalties?.away ?? null : null,
  };
}

const DAY = 86_400_000;

/**
 * Matchdays: a league keeps the official matchday; a cup numbers its match days 1..n in date order,
 * counting calendar days (UTC) that have at least one match.
 */
export function matchdaysOf(matches: ApiMatch[], isLeague: boolean): Map<number, number> {
  const result = new Map<number, number>();
  if (isLeague) {
    for (const m of matches) result.set(m.id, m.matchday ?? 1);
    return result;
  }
  const days = [...new Set(matches.map((m) => Math.floor(Date.parse(m.utcDate) / DAY)))].sort((a, b) => a - b);
  const index = new Map(days.map((day, i) => [day, i + 1]));
  for (const m of matches) result.set(m.id, index.get(Math.floor(Date.parse(m.utcDate) / DAY))!);
  return result;
}

export const teamKey = (id: number) => `football-data:team:${id}`;
export const personKey = (id: number) => `football-data:person:${id}`;
export const matchKey = (id: number) => `football-data:match:${id}`;
export const competitionKey = (code: string, season?: number) => `football-data:${code}${season ? `:${season}` : ''}`;

/** Where a match in play stands, as far as football-data says (the minute comes in some plans only). */
interface MatchLiveFields { live_phase: LivePhase | null; live_minute: number | null; live_added: number | null }

export function liveOf(apiStatus: string, minute?: number | string | null, injuryTime?: number | null): MatchLiveFields {
  const none = { live_phase: null, live_minute: null, live_added: null };
  if (statusOf(apiStatus) !== 'in_play') return none;
  const [base, added] = String(minute ?? '').split('+').map((part) => Number.parseInt(part, 10));
  const known = Number.isFinite(base) && base >= 0 ? base : null;
  const stoppage = Number.isFinite(added) && added > 0 ? added : injuryTime && injuryTime > 0 ? Math.floor(injuryTime) : null;
  const phase: LivePhase | null = apiStatus === 'PAUSED' ? (known !== null && known >= 90 ? 'extra_time' : 'half_time')
    : apiStatus === 'EXTRA_TIME' ? 'extra_time'
    : apiStatus === 'PENALTY_SHOOTOUT' ? 'penalties'
    : known === null ? null : known <= 45 ? 'first_half' : known <= 90 ? 'second_half' : 'extra_time';
  if (phase === null) return none;
  const clockRuns = phase !== 'half_time' && phase !== 'penalties' && apiStatus !== 'PAUSED';
  return { live_phase: phase, live_minute: clockRuns ? known : null, live_added: clockRuns ? stoppage : null };
}
