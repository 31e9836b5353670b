import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { League } from '../../../shared/api/entities';
import { endpointAt } from '../../api/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useSession } from '../account/session';
import { MatchCarousel } from '../matches/MatchCarousel';
import { selectShowOldLeagues, showOldLeaguesToggled } from '../settings/settingsSlice';
import { LeagueCarousel } from './LeagueCarousel';
import { LEAGUES_PER_PAGE, MyLeaguesCard } from './MyLeaguesCard';

/** Spec 9: the match strip refreshes every 300 seconds. */
export const MATCHES_REFRESH_MS = 300_000;

const nextMatches = endpointAt('GET', '/matches/next_matches');
const leagueIndex = endpointAt('GET', '/leagues/index');

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

function Slogan({ name }: { name: string | null }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>{t('home.hello', { name })}</Typography>
      <Typography variant="h2" component="p">{t('home.slogan')}</Typography>
      <Typography color="text.secondary">{t('home.sub_slogan')}</Typography>
    </Box>
  );
}

/** Read by screen readers only: the page's heading when the league carousel fills the page. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

interface MemberHomeProps { userId: number | null; name: string | null; onActiveLeague: (leagueId: number | null) => void }

function MemberHome({ userId, name, onActiveLeague }: MemberHomeProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const showOld = useAppSelector(selectShowOldLeagues);
  const { data, isLoading, isError } = leagueIndex.useQuery();
  const [page, setPage] = useState(1);
  const [activeIndex, setActiveIndex] = useState(0);
  // Spec 4: a failed read empties the list; old leagues (finished competition) only when asked for; newest first.
  const leagues = useMemo(() => (isError ? [] : (data ?? []) as League[])
    .filter((league) => showOld || !league.competition.finished)
    .sort((a, b) => b.id - a.id), [data, isError, showOld]);
  const pages = Math.max(1, Math.ceil(leagues.length / LEAGUES_PER_PAGE));
  const currentPage = Math.min(page, pages);
  const pageLeagues = leagues.slice((currentPage - 1) * LEAGUES_PER_PAGE, currentPage * LEAGUES_PER_PAGE);
  const active = pageLeagues[activeIndex] ?? pageLeagues[0];
  const activeId = active?.id ?? null;
  useEffect(() => onActiveLeague(activeId), [activeId, onActiveLeague]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
      <MyLeaguesCard leagues={leagues} loading={isLoading} page={currentPage} activeId={active?.id}
        onPage={(next) => { setPage(next); setActiveIndex(0); }}
        onSelect={(id) => setActiveIndex(Math.max(0, pageLeagues.findIndex((league) => league.id === id)))}
        showOld={showOld} onToggleOld={() => { dispatch(showOldLeaguesToggled()); setPage(1); setActiveIndex(0); }} />
      {active && <Typography variant="h1" sx={visuallyHidden}>{t('titles.home')}</Typography>}
      {active
        ? <LeagueCarousel leagues={pageLeagues} index={pageLeagues.indexOf(active)} onIndex={setActiveIndex} userId={userId} />
        : !isLoading && <Slogan name={name} />}
    </Box>
  );
}

/** Home (spec 2.3): live and next matches, then the member's leagues, or a welcome card for visitors. */
export default function HomeScreen() {
  const { signedIn, user } = useSession();
  const matches = nextMatches.useQuery(undefined, { pollingInterval: MATCHES_REFRESH_MS });
  // The matches open everyone's bets in the league shown in the carousel (spec 2.5).
  const [activeLeagueId, setActiveLeagueId] = useState<number | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <MatchCarousel matches={matches.isError ? [] : matches.data ?? []} loading={matches.isLoading} leagueId={signedIn ? activeLeagueId : null} />
      {signedIn ? <MemberHome userId={user.id} name={user.name} onActiveLeague={setActiveLeagueId} /> : <WelcomeCard />}
    </Box>
  );
}
