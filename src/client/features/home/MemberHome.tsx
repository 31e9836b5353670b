import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useLeaguesOf } from '../../api/store/entityHooks';
import { useAppDispatch, useAppSelector } from '../../api/store/hooks';
import { selectShowOldLeagues, showOldLeaguesToggled } from '../../lib/settings/settingsSlice';
import { LeagueCarousel } from './LeagueCarousel';
import { LEAGUES_PER_PAGE, MyLeaguesCard } from './MyLeaguesCard';
import { OverallRankingLines } from './OverallRankingLines';

/**
 * A signed-in player's part of the home: their leagues and the league carousel. Its own chunk, so a
 * visitor's first page does not download the tables, tabs and tooltips it needs.
 */

const leagueIndex = api.endpoints.leagueIndex;

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

export interface MemberHomeProps { userId: number | null; name: string | null; onActiveLeague: (leagueId: number | null) => void }

export default function MemberHome({ userId, name, onActiveLeague }: MemberHomeProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const showOld = useAppSelector(selectShowOldLeagues);
  const { data: answer, isLoading, isError } = leagueIndex.useQuery();
  const data = useLeaguesOf(answer);
  const [page, setPage] = useState(1);
  const [activeIndex, setActiveIndex] = useState(0);
  // A failed read empties the list; old leagues (finished competition) only when asked for; newest first.
  const leagues = useMemo(() => (isError ? [] : data ?? [])
    .filter((league) => showOld || !league.competition.finished)
    .sort((a, b) => b.id - a.id), [data, isError, showOld]);
  const pages = Math.max(1, Math.ceil(leagues.length / LEAGUES_PER_PAGE));
  const currentPage = Math.min(page, pages);
  const pageLeagues = leagues.slice((currentPage - 1) * LEAGUES_PER_PAGE, currentPage * LEAGUES_PER_PAGE);
  const active = pageLeagues[activeIndex] ?? pageLeagues[0];
  // The overall rankings of the competitions still being played in the player's leagues, each once.
  const competitions = useMemo(() => [...new Map((isError ? [] : data ?? [])
    .filter((league) => !league.competition.finished)
    .sort((a, b) => b.id - a.id)
    .map((league) => [league.competition.id, { id: league.competition.id, name: league.competition.name }])).values()], [data, isError]);
  const activeId = active?.id ?? null;
  useEffect(() => onActiveLeague(activeId), [activeId, onActiveLeague]);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
      // The carousel spans both rows; the second, flexible, takes its extra height, so the rankings sit right under the leagues.
      gridTemplateRows: { md: 'auto 1fr' }, alignItems: 'start' }}>
      <MyLeaguesCard leagues={leagues} loading={isLoading} page={currentPage} activeId={active?.id}
        onPage={(next) => { setPage(next); setActiveIndex(0); }}
        onSelect={(id) => setActiveIndex(Math.max(0, pageLeagues.findIndex((league) => league.id === id)))}
        showOld={showOld} onToggleOld={() => { dispatch(showOldLeaguesToggled()); setPage(1); setActiveIndex(0); }} />
      {active && <Typography variant="h1" sx={visuallyHidden}>{t('titles.home')}</Typography>}
      {active
        ? <Box sx={{ gridRow: { md: 'span 2' }, minWidth: 0 }}>
          <LeagueCarousel leagues={pageLeagues} index={pageLeagues.indexOf(active)} onIndex={setActiveIndex} userId={userId} />
        </Box>
        : !isLoading && <Slogan name={name} />}
      {/* Under the leagues on a wide screen, under the carousel on a phone. */}
      <Box sx={{ gridColumn: { md: 1 } }}><OverallRankingLines competitions={competitions} /></Box>
    </Box>
  );
}
