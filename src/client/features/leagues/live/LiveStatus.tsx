import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { LeagueLive } from '../../../api/live/liveSlice';

/** Whether the table is live, provisional (matches in play) or refreshed by polling. */
export function LiveStatus({ live }: { live: LeagueLive }) {
  const { t } = useTranslation();
  if (live.provisional) {
    return <Chip size="small" color="warning" label={t('live.provisional')} title={t('live.provisional_hint')} />;
  }
  if (live.connection === 'live') return <Chip size="small" color="success" variant="outlined" label={t('live.live')} />;
  if (live.connection === 'polling') return <Chip size="small" variant="outlined" label={t('live.polling')} />;
  return null;
}
