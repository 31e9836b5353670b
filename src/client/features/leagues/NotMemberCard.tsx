import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { useJoinByInvitation } from '../../api/invitationJoin';

const myInvitations = api.endpoints.invitationsMine;

/**
 * What a non-member sees of a league the server shows them (it lets anyone join, or they are invited): why the table
 * and bets are not there, and the way in. Nothing member-only is asked for, so nothing more of the league is read.
 */
export function NotMemberCard({ league }: { league: League }) {
  const { t } = useTranslation();
  const { data: invitations = [] } = myInvitations.useQuery();
  const invitation = invitations.find((item) => item.league.id === league.id);
  const { joinAndBet, joining } = useJoinByInvitation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayJoin = league.allow_join || !!invitation;

  const accept = async () => {
    setRefusal(null);
    const refused = await joinAndBet(league.id, invitation?.token ?? null);
    if (refused) setRefusal(refused.message);
  };

  return (
    <Card component="section" aria-labelledby="not-member-title">
      <CardContent>
        <Typography id="not-member-title" variant="h2" component="h2" gutterBottom>{t('league.not_member.title')}</Typography>
        <Typography>
          {mayJoin ? t(invitation ? 'league.not_member.invited' : 'league.not_member.joinable') : t('league.not_member.ask_owner', { name: league.owner_name })}
        </Typography>
        {refusal && <Alert severity="error" sx={{ mt: 2 }}>{refusal}</Alert>}
      </CardContent>
      {mayJoin && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => void accept()} disabled={joining}>{t('league.not_member.join')}</Button>
        </CardActions>
      )}
    </Card>
  );
}
