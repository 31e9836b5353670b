import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../../api/api';
import { formatDateTime } from '../../../lib/i18n/dates';

const myInvitations = api.endpoints.invitationsMine;
const dismissInvitation = api.endpoints.invitationDismiss;

/** Pending invitations addressed to the user: open (accept) or dismiss. */
export default function InvitationsScreen() {
  const { t } = useTranslation();
  const { data, isError, isLoading } = myInvitations.useQuery();
  const [dismiss] = dismissInvitation.useMutation();
  const invitations = isError ? [] : data ?? [];
  const decline = (id: number) => { void dismiss({ params: { id } }); };
  return (
    <Card sx={{ maxWidth: 760, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{t('titles.invitations')}</Typography>
        {!isLoading && !invitations.length && <Typography color="text.secondary">{t('invitations_page.none')}</Typography>}
        <List>
          {invitations.map((invitation) => (
            <ListItem key={invitation.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText primary={invitation.league.name} secondary={`${invitation.inviter_name ?? ''} · ${formatDateTime(invitation.created_at)}`} sx={{ flex: '1 1 12rem' }} />
              <Button onClick={() => void decline(invitation.id)}>{t('join.dismiss')}</Button>
              <Button variant="contained" component={RouterLink} to={`/leagues/join/${invitation.league.id}/${invitation.token}`}>{t('join.accept')}</Button>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
