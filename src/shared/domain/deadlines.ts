import { KNOCKOUT_ORDER, ROUND } from './rounds';

/**
 * Deadline rules of DESIGN 4.3 as pure functions of kickoff times (epoch ms). A write is allowed while
 * `now < deadline`; at the deadline and after it is refused.
 */

/** Every bet locks this long before the kickoff that governs it. */
export const BET_LOCK_MS = 5 * 60 * 1000;

export const isBeforeDeadline = (now: number, deadline: number | null): boolean => deadline !== null && now < deadline;

/**
 * Result bet deadline. Cup: 5 minutes before the match's kickoff. League competition: 5 minutes before the
 * first kickoff of the match's matchday (every bet of a matchday locks together).
 */
export function resultBetDeadline(
  match: { date: number },
  competition: { is_league: boolean },
  matchdayFirstKickoff: number,
): number {
  return (competition.is_league ? matchdayFirstKickoff : match.date) - BET_LOCK_MS;
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
 * Deadline of the picks of a league rule's round (DESIGN 4.3):
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
