import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useAppDispatch } from '../../api/store/hooks';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';
import { showToast } from '../../lib/notifications/notify';
import { currentUserEndpoint } from '../../api/session';

const regenerateCalendarToken = api.endpoints.regenerateCalendarToken;

/**
 * The player's private calendar address, to copy into a calendar app; replacing it (after
 * confirming) stops the old one everywhere. The new address comes back with users/index (the User tag refetches).
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data } = currentUserEndpoint.useQuery();
  const [regenerate, regenerating] = regenerateCalendarToken.useMutation();
  const [confirming, setConfirming] = useState(false);
  const url = data?.calendar_url;
  if (!url) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast(dispatch, 'success', t('calendar.copied'));
    } catch {
      showToast(dispatch, 'error', t('calendar.copy_failed'));
    }
  };
  const replace = async () => {
    setConfirming(false);
    await regenerate();
  };

  return (
    <Card component="section" aria-labelledby="calendar-title" sx={{ maxWidth: 480, mx: 'auto', mt: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="calendar-title" variant="h2" component="h2">{t('calendar.title')}</Typography>
        <Typography variant="body2">{t('calendar.intro')}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField label={t('calendar.url')} value={url} margin="none" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
          <IconButton onClick={() => void copy()} aria-label={t('calendar.copy')}><ContentCopyIcon /></IconButton>
        </Box>
        <Box>
          <Button startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)} disabled={regenerating.isLoading}>{t('calendar.regenerate')}</Button>
        </Box>
        <ConfirmDialog open={confirming} title={t('calendar.regenerate')} text={t('calendar.regenerate_confirm')}
          confirmLabel={t('calendar.regenerate')} onConfirm={() => void replace()} onClose={() => setConfirming(false)} />
      </CardContent>
    </Card>
  );
}
