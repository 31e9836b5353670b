import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVITATION_NOTE_MAX_LENGTH } from '../../../../shared/api/routes/invitations';
import { api } from '../../../api/api';
import { fieldErrors } from '../../../lib/forms/formErrors';

const createInvitation = api.endpoints.invitationCreate;

/**
 * Invites someone by email, with an optional note written before the button that sends both; empties itself after
 * each invitation sent, for the next one.
 */
export function InviteByEmailForm({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation();
  const [invite, sending] = createInvitation.useMutation();
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();

  const send = async () => {
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) { setEmailError(t('validation.invalid')); return; }
    setEmailError(undefined);
    const result = await invite({ body: { league_id: leagueId, email: address, message: note.trim() || null } });
    if ('error' in result && result.error) return;
    setEmail('');
    setNote('');
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); void send(); }} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
      <TextField type="email" label={t('admin_league.invite_email')} value={email} onChange={(event) => setEmail(event.target.value)}
        error={!!(emailError ?? fieldErrors(sending.error, 'email'))} helperText={emailError ?? fieldErrors(sending.error, 'email')}
        sx={{ flexBasis: '100%' }} />
      <TextField label={t('admin_league.invite_note')} value={note} onChange={(event) => setNote(event.target.value)} multiline minRows={2}
        error={!!fieldErrors(sending.error, 'message')}
        helperText={fieldErrors(sending.error, 'message') ?? t('admin_league.invite_note_help', { count: INVITATION_NOTE_MAX_LENGTH })}
        slotProps={{ htmlInput: { maxLength: INVITATION_NOTE_MAX_LENGTH } }} sx={{ flexBasis: '100%' }} />
      <Button type="submit" variant="contained" disabled={sending.isLoading} sx={{ alignSelf: 'flex-end', ml: 'auto' }}>{t('admin_league.send')}</Button>
    </Box>
  );
}
