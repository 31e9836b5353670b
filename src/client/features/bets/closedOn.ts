import { resultBetDeadline, type DeadlineRules } from '../../../shared/domain/deadlines';
import { formatShortDateTime } from '../../lib/i18n/dates';
import type { ResultBetRow } from '../../api/entities/betsSlice';

/** When a deadline passed, short: the year goes without saying ("23/11, 11:55" / "23 Nov, 11:55"). */
export const formatClosedDate = (at: number | string): string => formatShortDateTime(at);

/**
 * The deadline of a bet of the list by the league's rules (its minutes before the match's kickoff or its matchday's
 * first kickoff, taken from the listed matches, every match of the matchday the league plays).
 */
export function betDeadline(bet: ResultBetRow, bets: readonly ResultBetRow[], rules: DeadlineRules): number {
  const firstKickoff = Math.min(...bets.filter(({ match }) => match.matchday === bet.match.matchday).map(({ match }) => Date.parse(match.date)));
  return resultBetDeadline({ date: Date.parse(bet.match.date) }, rules, firstKickoff);
}
