import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resultBetDeadline, type DeadlineRules } from '../../../shared/domain/deadlines';
import { formatRemaining } from '../../lib/bets/betValues';
import type { ResultBetRow } from '../../api/entities/betsSlice';

/**
 * The next deadline among the bets still editable, by the league's own rules (bet_deadline_minutes before the
 * match's kickoff, or its matchday's first kickoff): only a countdown, allow_edit_bets and the server decide. The
 * matchday's first kickoff is taken from the listed matches, every match of the matchday the league plays.
 */
function nextDeadline(bets: readonly ResultBetRow[], now: number, rules: DeadlineRules): number | null {
  const firstKickoff = new Map<number, number>();
  for (const { match } of bets) {
    const kickoff = Date.parse(match.date);
    firstKickoff.set(match.matchday, Math.min(kickoff, firstKickoff.get(match.matchday) ?? kickoff));
  }
  const deadlines = bets.filter((bet) => bet.allow_edit_bets)
    .map(({ match }) => resultBetDeadline({ date: Date.parse(match.date) }, rules, firstKickoff.get(match.matchday)!))
    .filter((at) => at > now);
  return deadlines.length ? Math.min(...deadlines) : null;
}

export function DeadlineCountdown({ bets, rules }: { bets: readonly ResultBetRow[]; rules: DeadlineRules }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const deadline = nextDeadline(bets, now, rules);
  if (deadline === null) return null;
  const { days, hours, minutes, seconds } = formatRemaining(deadline - now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <Chip icon={<TimerOutlinedIcon />} color="secondary" role="timer" data-testid="deadline-countdown"
      label={t('bets.next_deadline', { time: `${days > 0 ? `${days}d ` : ''}${pad(hours)}:${pad(minutes)}:${pad(seconds)}` })} />
  );
}
