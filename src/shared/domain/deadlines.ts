import { KNOCKOUT_ORDER, ROUND } from './rounds';

/**
 * Deadline rules as pure functions of kickoff times (epoch ms). A write is allowed while
 * `now < deadline`; at the deadline and after it is refused.
 */

/** Picks lock this long before the kickoff that governs them; result bets by default too (bet_deadline_minutes). */
export const BET_LOCK_MS = 5 * 60 * 1000;
export const DEFAULT_BET_DEADLINE_MINUTES = 5;
export const BET_DEADLINE_MINUTES_MAX = 1440;

export const isBeforeDeadline = (now: number, deadline: number | null): boolean => deadline !== null && now < deadline;

/** What a league's result-bet deadlines count from: each match's kickoff, or its matchday's first kickoff. */
export type LockBy = 'match' | 'matchday';
export interface DeadlineRules { bet_deadline_minutes: number; lock_by: LockBy }

/** Today's rule as the default: cups lock by match, league competitions by matchday (every bet of a matchday together). */
export const defaultLockBy = (competition: { is_league: boolean }): LockBy => (competition.is_league ? 'matchday' : 'match');

/** A match as deadlines see it: its kickoff and, once its bets were shown, the kickoffs it had then (shownBets.ts). */
interface DeadlineMatch { date: number; shown_kickoff?: number | null; shown_matchday_kickoff?: number | null }

const earlier = (pinned: number | null | undefined, current: number) => (pinned !== null && pinned !== undefined && pinned < current ? pinned : current);

/**
 * Result bet deadline in a league: bet_deadline_minutes before the match's kickoff (lock_by match) or before its
 * matchday's first kickoff (lock_by matchday). Once the match's bets were shown somewhere, the kickoffs it had then
 * still bound it: moving a match later never reopens bets that were shown (moving it earlier closes them earlier).
 */
export function resultBetDeadline(match: DeadlineMatch, rules: DeadlineRules, matchdayFirstKickoff: number): number {
  const anchor = rules.lock_by === 'matchday'
    ? earlier(match.shown_matchday_kickoff, matchdayFirstKickoff)
    : earlier(match.shown_kickoff, match.date);
  return anchor - rules.bet_deadline_minutes * 60_000;
}

/** Kickoff facts of a competition that pick deadlines depend on. */
export interface CompetitionKickoffs {
  /** First kickoff of each round that has matches (round id -> epoch ms). */
  firstKickoffByRound: Readonly<Record<number, number>>;
  /**
   * First kickoff that counts: the competition's first match (cup), or the first match of the league's
   * start_matchday (league competition). Null when there are no matches.
   */
  firstCountedKickoff: number | null;
}

/** The match rounds of a cup in playing order (group stage, then the knockout rounds it has). */
function cupRoundOrder(kickoffs: CompetitionKickoffs): number[] {
  const present = (id: number) => kickoffs.firstKickoffByRound[id] !== undefined;
  return [ROUND.GROUP_STAGE, ...KNOCKOUT_ORDER].filter(present);
}

/**
 * Deadline of the picks of a league rule's round:
 * - knockout round R: 5 minutes before the first match of the round before R (the first knockout round: before
 *   the group stage);
 * - Champion: 5 minutes before the final;
 * - Top scorer, League champion, European places, Relegation: 5 minutes before the first counted kickoff.
 * Null when the competition has no match to anchor it.
 */
export function pickDeadline(roundId: number, kickoffs: CompetitionKickoffs): number | null {
  const lock = (kickoff: number | null | undefined) => (kickoff === null || kickoff === undefined ? null : kickoff - BET_LOCK_MS);
  if (roundId === ROUND.CHAMPION) return lock(kickoffs.firstKickoffByRound[ROUND.FINAL] ?? kickoffs.firstCountedKickoff);
  if (KNOCKOUT_ORDER.includes(roundId)) {
    const order = cupRoundOrder(kickoffs);
    const index = order.indexOf(roundId);
    if (index > 0) return lock(kickoffs.firstKickoffByRound[order[index - 1]]);
    // The first round the cup has (no group stage before it): lock before its own first match.
    return lock(kickoffs.firstKickoffByRound[roundId] ?? kickoffs.firstCountedKickoff);
  }
  return lock(kickoffs.firstCountedKickoff);
}

/** Person picks (Top scorer) lock with the first counted kickoff. */
export function personPickDeadline(kickoffs: CompetitionKickoffs): number | null {
  return pickDeadline(ROUND.TOP_SCORER, kickoffs);
}

/** Builds the kickoff facts from a competition's matches (any order). */
export function competitionKickoffs(
  matches: readonly { round_id: number; matchday: number; date: number }[],
  options: { is_league: boolean; start_matchday?: number },
): CompetitionKickoffs {
  const firstKickoffByRound: Record<number, number> = {};
  let firstCountedKickoff: number | null = null;
  for (const match of matches) {
    const current = firstKickoffByRound[match.round_id];
    if (current === undefined || match.date < current) firstKickoffByRound[match.round_id] = match.date;
    const counts = !options.is_league || match.matchday >= (options.start_matchday ?? 1);
    if (counts && (firstCountedKickoff === null || match.date < firstCountedKickoff)) firstCountedKickoff = match.date;
  }
  return { firstKickoffByRound, firstCountedKickoff };
}
