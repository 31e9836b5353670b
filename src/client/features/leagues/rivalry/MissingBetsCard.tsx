import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/api';
import { useMatchdayName } from '../../../api/matchdayNames';
import { formatDateTime } from '../../../lib/i18n/dates';

const missingBets = api.endpoints.leagueMissingBets;
const nudgeMembers = api.endpoints.leagueNudge;
const leagueShow = api.endpoints.leagueShow;

/**
 * The owner's list of members who have not bet yet for the next deadline, how a nudge reaches each of them, and the
 * button that nudges them once.
 */
export function MissingBetsCard({ leagueId, ownerId }: { leagueId: number; ownerId: number }) {
  const { t } = useTranslation();
  const { data } = missingBets.useQuery({ params: { id: leagueId } });
  const [nudge, { isLoading }] = nudgeMembers.useMutation();
  // The league is read already by the page around this card; its competition names the deadline's matchday.
  const { data: leagueAnswer } = leagueShow.useQuery({ params: { id: leagueId } });
  const nameMatchday = useMatchdayName(leagueAnswer?.competition.id);
  const waiting = data?.members.filter((m) => !m.nudged && m.user_id !== ownerId) ?? [];

  const send = () => { void nudge({ params: { id: leagueId } }); };
  // How a nudge will reach the member, so the owner knows who will only see it the next time they open Porra.
  const reachText = (reach: ('push' | 'email' | 'in_app')[]) => (reach.length === 1
    ? t('rivalry.reach_in_app_only')
    : t('rivalry.reach', { channels: reach.map((channel) => t(`rivalry.channel_${channel}`)).join(', ') }));

  return (
    <Card component="section" aria-labelledby="missing-bets-title">
      <CardContent>
        <Typography id="missing-bets-title" variant="h2" component="h2">{t('rivalry.missing_title')}</Typography>
        {!data && <Skeleton height={80} />}
        {data && data.deadline === null && <Typography color="text.secondary">{t('rivalry.no_deadline')}</Typography>}
        {data && data.deadline !== null && (
          <>
            <Typography color="text.secondary">{t('rivalry.next_deadline', { date: formatDateTime(data.deadline), matchday: data.matchday === null ? '' : nameMatchday(data.matchday) })}</Typography>
            {data.members.length === 0 && <Typography sx={{ mt: 1 }}>{t('rivalry.everyone_bet')}</Typography>}
            <List aria-labelledby="missing-bets-title" dense>
              {data.members.map((member) => (
                <ListItem key={member.user_id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <ListItemText primary={member.user_name} sx={{ flex: '1 1 8rem' }}
                    secondary={<><Box component="span" sx={{ display: 'block' }}>{t('rivalry.missing_count', { count: member.missing })}</Box>
                      <Box component="span" sx={{ display: 'block' }}>{reachText(member.reach)}</Box></>} />
                  {member.nudged && <Chip size="small" color="info" label={t('rivalry.nudged')} />}
                </ListItem>
              ))}
            </List>
            {data.members.length > 0 && (
              <Button variant="contained" startIcon={<NotificationsActiveIcon />} disabled={waiting.length === 0 || isLoading} onClick={() => void send()}>
                {waiting.length === 0 ? t('rivalry.all_nudged') : t('rivalry.nudge', { count: waiting.length })}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
