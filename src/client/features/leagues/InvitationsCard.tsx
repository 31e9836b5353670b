import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../shared/api/entities';
import { endpointAt } from '../../api/api';
import { formatDateTime } from '../../app/dates';
import { useAppDispatch } from '../../app/hooks';
import { fieldErrors } from '../account/formErrors';
import { showToast } from '../notifications/notify';

const invitations = endpointAt('GET', '/invitations/league/:id');
const createInvitation = endpointAt('POST', '/invitations');
const deleteInvitation = endpointAt('DELETE', '/invitations/:id');

export const shareLink = (league: Pick<League, 'id' | 'share_token'>): string | null =>
  league.share_token ? `${window.location.origin}/leagues/join/${league.id}/${league.share_token}` : null;

/** Invitations by email (owner, or anyone when allow_invite), the pending list, and the share link. */
export function InvitationsCard({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mayInvite = league.owner_id === userId || league.allow_invite;
  const { data = [] } = invitations.useQuery({ params: { id: league.id } });
  const [invite, sending] = createInvitation.useMutation();
  const [remove] = deleteInvitation.useMutation();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const link = shareLink(league);

  const send = async () => {
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) { setEmailError(t('validation.invalid')); return; }
    setEmailError(undefined);
    const result = await invite({ body: { league_id: league.id, email: address } });
    if ('error' in result && result.error) return;
    setEmail('');
    showToast(dispatch, 'success', result.data!.message);
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      showToast(dispatch, 'success', t('admin_league.link_copied'));
    } catch {
      showToast(dispatch, 'error', t('errors.messages.copy_failed'));
    }
  };
  const withdraw = async (id: number) => {
    const result = await remove({ params: { id } });
    if (!('error' in result && result.error)) showToast(dispatch, 'success', result.data!.message);
  };

  return (
    <Card component="section" aria-labelledby="invitations-title">
      <CardContent>
        <Typography id="invitations-title" variant="h2" component="h2">{t('admin_league.invitations')}</Typography>
        {link && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <TextField label={t('admin_league.share_link')} value={link} margin="none" slotProps={{ htmlInput: { readOnly: true } }} />
            <IconButton onClick={() => void copy()} aria-label={t('admin_league.copy_link')}><ContentCopyIcon /></IconButton>
          </Box>
        )}
        {mayInvite && (
          <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); void send(); }} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <TextField type="email" label={t('admin_league.invite_email')} value={email} onChange={(event) => setEmail(event.target.value)}
              error={!!(emailError ?? fieldErrors(sending.error, 'email'))} helperText={emailError ?? fieldErrors(sending.error, 'email')} />
            <Button type="submit" variant="contained" disabled={sending.isLoading} sx={{ mt: 2, flexShrink: 0 }}>{t('admin_league.send')}</Button>
          </Box>
        )}
        {!data.length && <Typography color="text.secondary" sx={{ mt: 1 }}>{t('admin_league.no_invitations')}</Typography>}
        <List aria-labelledby="invitations-title">
          {data.map((invitation) => (
            <ListItem key={invitation.id} disableGutters secondaryAction={
              <IconButton edge="end" onClick={() => void withdraw(invitation.id)} aria-label={t('admin_league.delete_invitation', { email: invitation.email })}><DeleteIcon /></IconButton>
            }>
              <ListItemText primary={invitation.email} secondary={`${invitation.inviter_name ?? ''} · ${formatDateTime(invitation.created_at)}`}
                slotProps={{ primary: { noWrap: true } }} sx={{ pr: 5 }} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
