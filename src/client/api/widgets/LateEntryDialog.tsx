import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { League } from '../../../shared/api/entities';
import type { ResultBetRow } from '../entities/betsSlice';
import { useTranslation } from 'react-i18next';
import { api } from '../api';

const lateEntry = api.endpoints.resultBetLateEntry;

/**
 * Whether the league's owner may enter this bet late, as the server decides it: another member's real bet, past its
 * deadline (it is shown to everyone then), in a league still running; once its match has a score (final or in play)
 * only in a league whose rules allow late entries after the result. `closed_after_result`: not allowed, and the
 * screen says why rather than offering an action the server refuses.
 */
function lateEntryOf(bet: ResultBetRow, league: League, userId: number | null): 'open' | 'closed_after_result' | null {
  if (league.owner_id !== userId || bet.user_id === userId || bet.mode !== 0 || league.finished || !bet.allow_show_bets) return null;
  const hasScore = bet.match.finished || bet.match.local_goals !== null;
  return hasScore && !league.late_entry_after_result ? 'closed_after_result' : 'open';
}

/** The owner's late entry on a bet row: the button where the league's rules allow it, the reason where they do not. */
export function LateEntryAction({ bet, league, userId }: { bet: ResultBetRow; league: League; userId: number | null }) {
  const { t } = useTranslation();
  const state = lateEntryOf(bet, league, userId);
  if (state === 'closed_after_result') {
    return <Typography variant="caption" color="text.secondary" component="p">{t('late_entry.closed_after_result')}</Typography>;
  }
  return state === 'open'
    ? <LateEntryButton betId={bet.id} userName={bet.user_name} local={bet.local_goals} visiting={bet.visiting_goals} />
    : null;
}

/** The owner enters a member's bet after its deadline (a paper bet, a broken phone): logged and marked for everyone. */
function LateEntryButton({ betId, userName, local, visiting }: { betId: number; userName: string; local: number | null; visiting: number | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [goals, setGoals] = useState<[string, string]>([local === null ? '' : String(local), visiting === null ? '' : String(visiting)]);
  const [reason, setReason] = useState('');
  const [save, { isLoading }] = lateEntry.useMutation();
  const valid = goals.every((g) => /^[0-9]$/.test(g)) && reason.trim() !== '';
  const submit = async () => {
    const result = await save({ body: { result_bet_id: betId, local_goals: Number(goals[0]), visiting_goals: Number(goals[1]), reason: reason.trim() } });
    if ('error' in result && result.error) return;
    setOpen(false);
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>{t('late_entry.button')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={`late-entry-${betId}`}>
        <DialogTitle id={`late-entry-${betId}`}>{t('late_entry.title', { name: userName })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('late_entry.help')}</DialogContentText>
          <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
            {(['local', 'visiting'] as const).map((side, i) => (
              <TextField key={side} label={t(`late_entry.${side}`)} value={goals[i]} size="small"
                onChange={(e) => setGoals(i === 0 ? [e.target.value, goals[1]] : [goals[0], e.target.value])}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1 } }} />
            ))}
          </Box>
          <TextField label={t('late_entry.reason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth required size="small"
            slotProps={{ htmlInput: { maxLength: 300 } }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel', { defaultValue: 'Cancel' })}</Button>
          <Button variant="contained" disabled={!valid || isLoading} onClick={() => void submit()}>{t('late_entry.save')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
