import DeleteIcon from '@mui/icons-material/Delete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import type { League } from '../../../../shared/api/entities';
import type { Invitation } from '../../../../shared/api/routes/invitations';
import { api } from '../../../api/api';
import { formatDateTime } from '../../../lib/i18n/dates';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { InviteByEmailForm } from './InviteByEmailForm';
import { ShareLinkField } from './ShareLinkField';

const invitations = api.endpoints.invitationsOfLeague;
const deleteInvitation = api.endpoints.invitationDelete;

/**
 * Invitations by email with an optional note (owner, or anyone when allow_invite), and the share link. The pending
 * list holds what the reader may withdraw: every invitation for the owner, their own for a member who invites.
 */
export function InvitationsCard({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const owner = league.owner_id === userId;
  const mayInvite = owner || league.allow_invite;
  const { data = [] } = invitations.useQuery(mayInvite ? { params: { id: league.id } } : skipToken);
  const [remove] = deleteInvitation.useMutation();
  const [confirming, setConfirming] = useState<Static<typeof Invitation> | null>(null);

  const withdraw = () => {
    if (confirming) void remove({ params: { id: confirming.id } });
    setConfirming(null);
  };

  return (
    <Card component="section" aria-labelledby="invitations-title">
      <CardContent>
        <Typography id="invitations-title" variant="h2" component="h2">{t('admin_league.invitations')}</Typography>
        <ShareLinkField league={league} owner={owner} />
        {mayInvite && <InviteByEmailForm leagueId={league.id} />}
        {mayInvite && (
          <Typography variant="h3" component="h3" sx={{ mt: 2 }}>{t(owner ? 'admin_league.pending_all' : 'admin_league.pending_mine')}</Typography>
        )}
        {mayInvite && !data.length && <Typography color="text.secondary" sx={{ mt: 1 }}>{t('admin_league.no_invitations')}</Typography>}
        {mayInvite && data.length > 0 && (
          <List aria-label={t(owner ? 'admin_league.pending_all' : 'admin_league.pending_mine')}>
            {data.map((invitation) => (
              <ListItem key={invitation.id} disableGutters secondaryAction={
                <IconButton edge="end" onClick={() => setConfirming(invitation)} aria-label={t('admin_league.delete_invitation', { email: invitation.email })}><DeleteIcon /></IconButton>
              }>
                <ListItemText primary={invitation.email} secondary={`${invitation.inviter_name ?? ''} · ${formatDateTime(invitation.created_at)}`}
                  slotProps={{ primary: { noWrap: true } }} sx={{ pr: 5 }} />
              </ListItem>
            ))}
          </List>
        )}
        <ConfirmDialog open={confirming !== null} title={t('admin_league.delete_invitation_title')}
          text={t('admin_league.delete_invitation_confirm', { email: confirming?.email ?? '' })}
          confirmLabel={t('admin_league.delete_invitation_button')} onConfirm={withdraw} onClose={() => setConfirming(null)} />
      </CardContent>
    </Card>
  );
}
