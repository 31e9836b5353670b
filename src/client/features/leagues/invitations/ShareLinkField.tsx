import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../../shared/api/entities';
import { api } from '../../../api/api';
import { useAppDispatch } from '../../../api/store/hooks';
import { showToast } from '../../../lib/notifications/notify';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';

const regenerateShareToken = api.endpoints.leagueRegenerateShareToken;

const shareLink = (league: Pick<League, 'id' | 'share_token'>): string | null =>
  league.share_token ? `${window.location.origin}/leagues/join/${league.id}/${league.share_token}` : null;

/**
 * The league's share link (members see it), to copy; the owner may replace it after confirming, which stops the
 * old link at once (a link that went too far can be taken back).
 */
export function ShareLinkField({ league, owner }: { league: League; owner: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [regenerate, regenerating] = regenerateShareToken.useMutation();
  const [confirming, setConfirming] = useState(false);
  const link = shareLink(league);
  if (!link) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      showToast(dispatch, 'success', t('admin_league.link_copied'));
    } catch {
      showToast(dispatch, 'error', t('errors.messages.copy_failed'));
    }
  };
  const replace = async () => {
    setConfirming(false);
    await regenerate({ params: { id: league.id } });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
      <TextField label={t('admin_league.share_link')} value={link} margin="none" slotProps={{ htmlInput: { readOnly: true } }} />
      <IconButton onClick={() => void copy()} aria-label={t('admin_league.copy_link')}><ContentCopyIcon /></IconButton>
      {owner && (
        <IconButton onClick={() => setConfirming(true)} disabled={regenerating.isLoading} aria-label={t('admin_league.regenerate_link')}>
          <AutorenewIcon />
        </IconButton>
      )}
      <ConfirmDialog open={confirming} title={t('admin_league.regenerate_link')} text={t('admin_league.regenerate_confirm')}
        confirmLabel={t('admin_league.regenerate_button')} onConfirm={() => void replace()} onClose={() => setConfirming(false)} />
    </Box>
  );
}
