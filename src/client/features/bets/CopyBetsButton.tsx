import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import NativeSelect from '@mui/material/NativeSelect';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { useLeaguesOf } from '../../api/store/entityHooks';
import { useAppDispatch } from '../../api/store/hooks';
import { betHistoryCleared } from '../../api/bets/betEditsSlice';

const leagueIndex = api.endpoints.leagueIndex;
const copyBets = api.endpoints.copyBets;

/** Copy the caller's bets from another league of the same competition, after a confirmation (it overwrites). */
export function CopyBetsButton({ league }: { league: League }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = leagueIndex.useQuery({ query: { competition_id: league.competition_id } });
  const others = useLeaguesOf(data).filter((other) => other.id !== league.id && other.competition_id === league.competition_id);
  const [source, setSource] = useState<number | ''>('');
  const [copy, { isLoading }] = copyBets.useMutation();
  const dispatch = useAppDispatch();
  if (others.length === 0) return null;
  const chosen = source || others[0].id;
  const confirm = async () => {
    const result = await copy({ body: { league_id: league.id, league_id_to_copy: chosen } }) as { error?: unknown };
    if (result.error) return;
    betHistoryCleared().forEach((action) => dispatch(action));
    setOpen(false);
  };
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setOpen(true)}>{t('bets.copy_bets')}</Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="copy-bets-title">
        <DialogTitle id="copy-bets-title">{t('bets.copy_bets')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('bets.copy_bets_confirm')}</DialogContentText>
          <NativeSelect fullWidth value={chosen} onChange={(event) => setSource(Number(event.target.value))} inputProps={{ 'aria-label': t('bets.copy_from') }} sx={{ mt: 2 }}>
            {others.map((other) => <option key={other.id} value={other.id}>{other.name}</option>)}
          </NativeSelect>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={isLoading} onClick={confirm}>{t('bets.copy')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
