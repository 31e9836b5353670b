import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../../api/api';
import { errorMessage } from '../../../api/baseQuery';

const leagueShow = api.endpoints.leagueShow;
const myInvitations = api.endpoints.invitationsMine;
const joinLeague = api.endpoints.leagueJoin;
const dismissInvitation = api.endpoints.invitationDismiss;

/** /leagues/join/{leagueId}/{token}: accept (join) or dismiss an invitation or share link. */
export default function JoinLeagueScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const leagueId = Number(params.leagueId);
  const token = params.invitationToken ?? '';
  const valid = Number.isInteger(leagueId) && leagueId > 0;
  // The link's token (share or invitation) lets a non-member see the league before joining.
  const { data: league } = leagueShow.useQuery(valid ? { params: { id: leagueId }, query: token ? { token } : {} } : skipToken);
  const { data: invitations = [] } = myInvitations.useQuery();
  const invitation = invitations.find((item) => item.token === token || item.league.id === leagueId);
  const [join, joining] = joinLeague.useMutation();
  const [dismiss, dismissing] = dismissInvitation.useMutation();
  // Why the server refused (a removed member, a replaced link, an unverified address), kept on the page.
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = league?.name ?? invitation?.league.name;

  if (!valid) return <Typography variant="h1" component="h1">{t('errors.messages.invitation_not_found')}</Typography>;

  const accept = async () => {
    setRefusal(null);
    const result = await join({ body: { league_id: leagueId, invitation_token: token } });
    if ('error' in result && result.error) {
      const error = result.error as FetchBaseQueryError;
      if (typeof error.status === 'number') setRefusal(errorMessage(error));
      return;
    }
    navigate(`/leagues/${leagueId}`);
  };
  const decline = async () => {
    if (invitation) {
      const result = await dismiss({ params: { id: invitation.id } });
      if ('error' in result && result.error) return;
    }
    navigate('/');
  };

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{t('titles.join_league')}</Typography>
        {league?.is_member
          ? <Typography>{t('join.already_member', { name: league.name })}</Typography>
          : <Typography>{name ? t('join.invited_to', { name }) : t('join.invited')}</Typography>}
        {invitation?.inviter_name && <Typography color="text.secondary">{t('join.invited_by', { name: invitation.inviter_name })}</Typography>}
        {league && <Typography color="text.secondary">{league.competition.name} · {t('league.members', { count: league.members_count })}</Typography>}
        {refusal && <Alert severity="error" sx={{ mt: 2 }}>{refusal}</Alert>}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        {league?.is_member
          ? <Button variant="contained" onClick={() => navigate(`/leagues/${leagueId}`)}>{t('join.open')}</Button>
          : <>
            <Button onClick={() => void decline()} disabled={dismissing.isLoading}>{t('join.dismiss')}</Button>
            <Button variant="contained" onClick={() => void accept()} disabled={joining.isLoading}>{t('join.accept')}</Button>
          </>}
      </CardActions>
    </Card>
  );
}
