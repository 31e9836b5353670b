import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../lib/theme/theme';

/** The blocking spinner shown while anything loads. */
export function LoadingOverlay({ open }: { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Backdrop open={open} sx={{ zIndex: tokens.overlayZIndex, color: 'common.white' }} data-testid="loading-overlay">
      <CircularProgress color="inherit" aria-label={t('shell.loading')} />
    </Backdrop>
  );
}
