import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/api';
import { useSession } from '../../api/session';
import { MatchCarousel } from './MatchCarousel';
import { PendingInvitationsCard } from './PendingInvitationsCard';

/** The match strip refreshes every 300 seconds, every minute while one of its matches is in play (its clock moves). */
export const MATCHES_REFRESH_MS = 300_000;
export const MATCHES_IN_PLAY_REFRESH_MS = 60_000;

const nextMatches = api.endpoints.nextMatches;
const MemberHome = lazy(() => import(/* webpackChunkName: "member-home" */ './MemberHome'));

function WelcomeCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{t('home.welcome_title')}</Typography>
        <Typography>{t('home.welcome_text')}</Typography>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to="/users/sign_in" variant="contained">{t('shell.sign_in')}</Button>
        <Button component={RouterLink} to="/users/sign_up">{t('shell.sign_up')}</Button>
      </CardActions>
    </Card>
  );
}

/** Home: live and next matches, then the member's leagues, or a welcome card for visitors. */
export default function HomeScreen() {
  const { signedIn, user } = useSession();
  const playing = nextMatches.useQueryState(undefined).data?.some((m) => m.started && !m.finished) ?? false;
  const matches = nextMatches.useQuery(undefined, { pollingInterval: playing ? MATCHES_IN_PLAY_REFRESH_MS : MATCHES_REFRESH_MS });
  // The matches open everyone's bets in the league shown in the carousel.
  const [activeLeagueId, setActiveLeagueId] = useState<number | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {signedIn && user.email_verified === true && <PendingInvitationsCard />}
      <MatchCarousel matches={matches.isError ? [] : matches.data ?? []} loading={matches.isLoading} leagueId={signedIn ? activeLeagueId : null} />
      {signedIn
        ? <Suspense fallback={<Skeleton variant="rounded" height={240} />}><MemberHome userId={user.id} name={user.name} onActiveLeague={setActiveLeagueId} /></Suspense>
        : <WelcomeCard />}
    </Box>
  );
}
