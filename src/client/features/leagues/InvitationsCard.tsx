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
import { INVITATION_NOTE_MAX_LENGTH } from '../../../shared/api/routes/invitations';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { useAppDispatch } from '../../api/store/hooks';
import { fieldErrors } from '../../lib/forms/formErrors';
import { showToast } from '../../lib/notifications/notify';
import { ShareLinkField } from './ShareLinkField';

const invitations = api.endpoints.invitationsOfLeague;
const createInvitation = api.endpoints.invitationCreate;
const deleteInvitation = api.endpoints.invitationDelete;

/** Invitations by email with an optional note (owner, or anyone when allow_invite), the pending list, and the share link. */
export function InvitationsCard({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const mayInvite = league.owner_id === userId || league.allow_invite;
  const { data = [] } = invitations.useQuery({ params: { id: league.id } });
  const [invite, sending] = createInvitation.useMutation();
  const [remove] = deleteInvitation.useMutation();
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const send = async () => {
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) { setEmailError(t('validation.invalid')); return; }
    setEmailError(undefined);
    const result = await invite({ body: { league_id: league.id, email: address, message: note.trim() || null } });
    if ('error' in result && result.error) return;
    setEmail('');
    setNote('');
    showToast(dispatch, 'success', result.data!.message);
  };
  const withdraw = async (id: number) => {
    const result = await remove({ params: { id } });
    if (!('error' in result && result.error)) showToast(dispatch, 'success', result.data!.message);
  };

  return (
    <Card component="section" aria-labelledby="invitations-title">
      <CardContent>
        <Typography id="invitations-title" variant="h2" component="h2">{t('admin_league.invitations')}</Typography>
        <ShareLinkField league={league} owner={league.owner_id === userId} />
        {mayInvite && (
          <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); void send(); }} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
            <TextField type="email" label={t('admin_league.invite_email')} value={email} onChange={(event) => setEmail(event.target.value)}
              error={!!(emailError ?? fieldErrors(sending.error, 'email'))} helperText={emailError ?? fieldErrors(sending.error, 'email')}
              sx={{ flex: '1 1 16rem' }} />
            <Button type="submit" variant="contained" disabled={sending.isLoading} sx={{ mt: 2, flexShrink: 0 }}>{t('admin_league.send')}</Button>
            <TextField label={t('admin_league.invite_note')} value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2}
              error={!!fieldErrors(sending.error, 'message')}
              helperText={fieldErrors(sending.error, 'message') ?? t('admin_league.invite_note_help', { count: INVITATION_NOTE_MAX_LENGTH })}
              slotProps={{ htmlInput: { maxLength: INVITATION_NOTE_MAX_LENGTH } }} sx={{ flexBasis: '100%' }} />
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
