import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface Confirmation { title: string; text: string; confirmLabel: string; danger?: boolean; onConfirm: () => void }

/** The question asked before an admin action that changes someone's account or a competition. */
export function ConsoleConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog open={!!confirmation} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <DialogTitle id={`${id}-title`}>{confirmation?.title}</DialogTitle>
      <DialogContent><DialogContentText id={`${id}-text`}>{confirmation?.text}</DialogContentText></DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button color={confirmation?.danger ? 'error' : 'primary'} variant="contained"
          onClick={() => { confirmation?.onConfirm(); onClose(); }}>
          {confirmation?.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
