import { resultBetDeadline, type DeadlineRules } from '../../../shared/domain/deadlines';
import { currentLocale } from '../../lib/i18n/i18n';
import type { ResultBetRow } from '../../api/entities/betsSlice';

/**
 * When a deadline passed, short and in the reader's habits: "21/11, 11:55" in Spanish, "21 Nov, 11:55" in English
 * (day before month, 24-hour clock, the user's time zone).
 */
export function formatClosedDate(at: number | string): string {
  const date = new Date(at);
  const time = new Intl.DateTimeFormat(currentLocale(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = currentLocale() === 'es'
    ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}`
    : new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(date);
  return `${day}, ${time}`;
}

/**
 * The deadline of a bet of the list by the league's rules (its minutes before the match's kickoff or its matchday's
 * first kickoff, taken from the listed matches, every match of the matchday the league plays).
 */
export function betDeadline(bet: ResultBetRow, bets: readonly ResultBetRow[], rules: DeadlineRules): number {
  const firstKickoff = Math.min(...bets.filter(({ match }) => match.matchday === bet.match.matchday).map(({ match }) => Date.parse(match.date)));
  return resultBetDeadline({ date: Date.parse(bet.match.date) }, rules, firstKickoff);
}
