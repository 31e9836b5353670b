import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { api } from '../../../api/api';
import { useLeagueOf } from '../../../api/store/entityHooks';
import { useSession } from '../../../api/session';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { InvitationsCard } from '../invitations/InvitationsCard';
import { MembersCard } from './MembersCard';
import { MissingBetsCard } from '../rivalry/MissingBetsCard';
import { membersPageRole } from './leagueRole';

const leagueShow = api.endpoints.leagueShow;
const leaveLeague = api.endpoints.leagueCancel;
const deleteLeague = api.endpoints.leagueDelete;

/** League administration: members, invitations, share link, leave, delete. */
export default function LeagueAdminScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leagueId = Number(useParams().leagueId);
  const { user } = useSession();
  const valid = Number.isInteger(leagueId) && leagueId > 0;
  const [confirming, setConfirming] = useState<'leave' | 'delete' | null>(null);
  // Leaving or deleting: the screen lets go of the league's reads first (its cards give way to a placeholder, its own
  // read is skipped), so the tags the removal invalidates drop them instead of reading again a league the player is
  // no longer in (or that is gone).
  const [removing, setRemoving] = useState<'leave' | 'delete' | null>(null);
  const { data: leagueAnswer, isError } = leagueShow.useQuery(valid && !removing ? { params: { id: leagueId } } : skipToken);
  const league = useLeagueOf(leagueAnswer);
  const [leave] = leaveLeague.useMutation();
  const [destroy] = deleteLeague.useMutation();
  const sent = useRef(false);
  // Declared after the reads: effects run in order, so the removal goes out once they have been let go.
  useEffect(() => {
    if (!removing || sent.current) return;
    sent.current = true;
    void (async () => {
      const result = removing === 'delete' ? await destroy({ params: { id: leagueId } }) : await leave({ params: { id: leagueId } });
      sent.current = false;
      // A refusal is told by its snackbar entry; the screen reads the league again.
      if ('error' in result && result.error) setRemoving(null);
      else navigate('/');
    })();
  }, [removing, leagueId, destroy, leave, navigate]);

  if (!valid || isError) return <Typography variant="h1" component="h1">{t('errors.messages.league_not_found')}</Typography>;
  if (!league || removing) return <Skeleton variant="rounded" height={300} />;
  const owner = league.owner_id === user.id;

  const run = () => {
    setRemoving(confirming);
    setConfirming(null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900, mx: 'auto' }}>
      <Box>
        <Typography variant="h1" component="h1">{t(`league.members_page.${membersPageRole(league, user.id)}_title`)}</Typography>
        <Typography color="text.secondary">
          <Box component={RouterLink} to={`/leagues/${league.id}`} sx={{ color: 'primary.main' }}>{league.name}</Box> · {league.competition.name}
        </Typography>
      </Box>
      {owner && !league.finished && <MissingBetsCard leagueId={league.id} ownerId={league.owner_id} />}
      {league.is_member && <MembersCard league={league} userId={user.id} />}
      {league.is_member && <InvitationsCard league={league} userId={user.id} />}
      <Card component="section" aria-labelledby="danger-title">
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography id="danger-title" variant="h2" component="h2" sx={{ flexBasis: '100%' }}>{t('admin_league.membership')}</Typography>
          {owner && league.editable && <Button component={RouterLink} to={`/leagues/edit/${league.id}`}>{t('league.edit')}</Button>}
          {owner && <Button component={RouterLink} to={`/leagues/${league.id}/webhooks`}>{t('webhooks.open')}</Button>}
          {league.is_member && <Button color="warning" variant="outlined" onClick={() => setConfirming('leave')}>{t('admin_league.leave')}</Button>}
          {owner && <Button color="error" variant="outlined" onClick={() => setConfirming('delete')}>{t('admin_league.delete')}</Button>}
        </CardContent>
      </Card>
      <ConfirmDialog open={confirming !== null}
        title={confirming === 'delete' ? t('admin_league.delete') : t('admin_league.leave')}
        text={confirming === 'delete' ? t('admin_league.delete_confirm', { name: league.name }) : t(owner ? 'admin_league.leave_confirm_owner' : 'admin_league.leave_confirm', { name: league.name })}
        confirmLabel={confirming === 'delete' ? t('admin_league.delete_button') : t('admin_league.leave_button')}
        onConfirm={run} onClose={() => setConfirming(null)} />
    </Box>
  );
}
