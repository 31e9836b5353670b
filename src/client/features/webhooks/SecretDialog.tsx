import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../api/store/hooks';
import { showToast } from '../../lib/notifications/notify';

/** A new hook's signing secret: the only time it is shown, with a button to copy it. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      showToast(dispatch, 'success', t('webhooks.secret_copied'));
    } catch {
      showToast(dispatch, 'error', t('webhooks.copy_failed'));
    }
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} aria-labelledby="webhook-secret-title" aria-describedby="webhook-secret-text" fullWidth>
      <DialogTitle id="webhook-secret-title">{t('webhooks.secret_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id="webhook-secret-text">{t('webhooks.secret_text')}</DialogContentText>
        <TextField label={t('webhooks.secret')} value={secret ?? ''} fullWidth
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }} onFocus={(e) => e.target.select()} />
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>{t('webhooks.copy')}</Button>
        <Button variant="contained" onClick={onClose}>{t('webhooks.done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
