import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useJoinByInvitation } from '../../api/invitationJoin';

const myInvitations = api.endpoints.invitationsMine;
const dismissInvitation = api.endpoints.invitationDismiss;

/**
 * Invitations addressed to the signed-in player's confirmed address, on top of the home: Join lets them in and
 * opens the league's bets page in one click; Decline turns it down. Nothing shows when there are none (the
 * server lists none before the address is confirmed).
 */
export function PendingInvitationsCard() {
  const { t } = useTranslation();
  const { data, isError } = myInvitations.useQuery();
  const { joinAndBet, joining } = useJoinByInvitation();
  const [dismiss, dismissing] = dismissInvitation.useMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const invitations = isError ? [] : data ?? [];
  if (!invitations.length) return null;

  const decline = async (id: number) => {
    await dismiss({ params: { id } });
  };
  const join = async (leagueId: number, token: string) => {
    setRefusal((await joinAndBet(leagueId, token))?.message ?? null);
  };

  return (
    <Card component="section" aria-labelledby="pending-invitations-title">
      <CardContent>
        <Typography id="pending-invitations-title" variant="h2" component="h2">{t('invitation.pending_title')}</Typography>
        {refusal && <Alert severity="error" sx={{ mt: 1 }}>{refusal}</Alert>}
        <List>
          {invitations.map((invitation) => (
            <ListItem key={invitation.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={invitation.league.name} sx={{ flex: '1 1 12rem' }}
                secondary={invitation.inviter_name ? t('invitation.pending_from', { inviter: invitation.inviter_name }) : null} />
              <Stack direction="row" spacing={1}>
                <Button onClick={() => void decline(invitation.id)} disabled={dismissing.isLoading}
                  aria-label={t('invitation.decline_named', { league: invitation.league.name })}>{t('invitation.decline')}</Button>
                <Button variant="contained" disabled={joining} onClick={() => void join(invitation.league.id, invitation.token)}
                  aria-label={t('invitation.join_named', { league: invitation.league.name })}>{t('invitation.join')}</Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
