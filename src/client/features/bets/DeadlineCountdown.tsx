import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEADLINE_MS, formatRemaining } from './betValues';
import type { ResultBetRow } from './ResultBetCell';

/** The next deadline among the bets still editable: 5 minutes before the earliest kickoff (the server decides). */
export function nextDeadline(bets: readonly ResultBetRow[], now: number): number | null {
  const deadlines = bets.filter((bet) => bet.allow_edit_bets).map((bet) => Date.parse(bet.match.date) - DEADLINE_MS).filter((at) => at > now);
  return deadlines.length ? Math.min(...deadlines) : null;
}

export function DeadlineCountdown({ bets }: { bets: readonly ResultBetRow[] }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const deadline = nextDeadline(bets, now);
  if (deadline === null) return null;
  const { days, hours, minutes, seconds } = formatRemaining(deadline - now);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <Chip icon={<TimerOutlinedIcon />} color="secondary" role="timer" data-testid="deadline-countdown"
      label={t('bets.next_deadline', { time: `${days > 0 ? `${days}d ` : ''}${pad(hours)}:${pad(minutes)}:${pad(seconds)}` })} />
  );
}
