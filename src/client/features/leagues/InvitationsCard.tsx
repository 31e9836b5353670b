import DeleteIcon from '@mui/icons-material/Delete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { InviteByEmailForm } from './InviteByEmailForm';
import { ShareLinkField } from './ShareLinkField';

const invitations = api.endpoints.invitationsOfLeague;
const deleteInvitation = api.endpoints.invitationDelete;

/** Invitations by email with an optional note (owner, or anyone when allow_invite), the pending list, and the share link. */
export function InvitationsCard({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const mayInvite = league.owner_id === userId || league.allow_invite;
  const { data = [] } = invitations.useQuery({ params: { id: league.id } });
  const [remove] = deleteInvitation.useMutation();

  const withdraw = (id: number) => { void remove({ params: { id } }); };

  return (
    <Card component="section" aria-labelledby="invitations-title">
      <CardContent>
        <Typography id="invitations-title" variant="h2" component="h2">{t('admin_league.invitations')}</Typography>
        <ShareLinkField league={league} owner={league.owner_id === userId} />
        {mayInvite && <InviteByEmailForm leagueId={league.id} />}
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
