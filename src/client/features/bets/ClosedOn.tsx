import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeadlineRules } from '../../../shared/domain/deadlines';
import type { ResultBetRow } from '../../api/entities/betsSlice';
import { betDeadline, formatClosedDate } from './closedOn';

/**
 * Whether a bet of the list is closed, and since when (`at` null: closed by the server before the deadline the
 * league's rules give, e.g. a result entered early), or null while it is open. The caller's own bet is closed when
 * the server says it may not be edited (the server decides); another member's when its deadline passed.
 */
export function closedAtOf(bet: ResultBetRow, bets: readonly ResultBetRow[], rules: DeadlineRules, own: boolean, now = Date.now()): { at: number | null } | null {
  const deadline = betDeadline(bet, bets, rules);
  if (own) return bet.allow_edit_bets ? null : { at: deadline <= now ? deadline : null };
  return deadline <= now ? { at: deadline } : null;
}

/** "Closed on 21 Nov, 11:55" ("Cerrado el 21/11, 11:55"): a bet whose deadline passed before its match started. */
export function ClosedOn({ at }: { at: number | null }) {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="text.secondary" data-testid="bet-closed">
      {at === null ? t('bets.closed') : t('bets.closed_on', { date: formatClosedDate(at) })}
    </Typography>
  );
}
