import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { League, Team } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { useMatchdayName } from '../../api/matchdayNames';
import { useAppSelector } from '../../api/store/hooks';
import { useLocalNames } from '../../lib/i18n/localNames';
import { BetDateLink } from '../../lib/ui/BetDateLink';
import { LeagueTable } from '../../lib/ui/LeagueTable';
import { PointsBasis } from '../../lib/ui/PointsBasis';
import { PointsBadge } from '../../api/widgets/PointsBadge';
import { selectTeamEntities } from '../../api/entities/teamsSlice';
import { pieCounts } from './chartRules';
import { WhenVisible } from '../../lib/ui/WhenVisible';
import { useCurrentMatchday, useLeagueCharts } from './leagueSummaryData';

const LeagueCharts = lazy(() => import(/* webpackChunkName: "league-charts" */ './LeagueCharts'));
const lastBets = api.endpoints.lastBets;
const leagueTable = api.endpoints.usersLeagueTable;

const myBetsPath = (leagueId: number, matchday: number) => `/result_bets/new?league_id=${leagueId}&matchday=${matchday}`;

function LatestBets({ league, matchday }: { league: League; matchday: number }) {
  const { t } = useTranslation();
  const names = useLocalNames();
  const teamLabel = (team: Team | undefined, placeholder: string | null) => team?.abbreviation ?? names.placeholder(placeholder, 'short');
  const teams = useAppSelector(selectTeamEntities);
  const { data, isLoading } = lastBets.useQuery({ params: { id: league.id } });
  const bets = (data ?? []).slice(0, 5);
  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h3" component="h3">{t('home.matches')}</Typography>
        {isLoading && <Skeleton height={80} />}
        {!isLoading && !bets.length && <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>{t('home.no_bets_yet')}</Typography>}
        <List dense disablePadding>
          {bets.map((bet) => (
            <ListItem key={bet.id} disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flex: '1 1 8rem', minWidth: 0 }} noWrap>{bet.user_name}</Typography>
              <Typography variant="body2">
                {teamLabel(teams[bet.match.local_team_id ?? -1], bet.match.local_placeholder)} {bet.local_goals ?? '-'} - {bet.visiting_goals ?? '-'} {teamLabel(teams[bet.match.visiting_team_id ?? -1], bet.match.visiting_placeholder)}
              </Typography>
              <PointsBadge points={bet.points} kind="result" betId={bet.id} />
              <Box sx={{ flexBasis: '100%', mt: -0.5 }}><BetDateLink matchId={bet.match_id} leagueId={league.id} date={bet.match.date} /></Box>
            </ListItem>
          ))}
        </List>
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={myBetsPath(league.id, matchday)} variant="contained" size="small">{t('home.my_bets')}</Button>
      </CardActions>
    </Card>
  );
}

function CompactTable({ league, userId }: { league: League; userId: number | null }) {
  const { t } = useTranslation();
  const { data, isLoading } = leagueTable.useQuery({ params: { id: league.id } });
  const matchdayName = useMatchdayName(league.competition_id);
  return (
    <Card>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h3" component="h3">{t('home.score')}</Typography>
        {isLoading && <Skeleton height={120} />}
        {data && (
          <>
            <PointsBasis />
            <LeagueTable table={data} leagueId={league.id} currentUserId={userId} compact matchdayName={matchdayName} />
          </>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={`/leagues/${league.id}`} size="small">{t('home.full_table')}</Button>
      </CardActions>
    </Card>
  );
}

function Charts({ league }: { league: League }) {
  const teams = useAppSelector(selectTeamEntities);
  const charts = useLeagueCharts(league);
  if (!charts.visible) return null;
  const winner = pieCounts(charts.winnerTeamIds.map((id) => (id ? teams[id]?.team_name ?? charts.teamNames.get(id) : null)));
  return (
    <WhenVisible minHeight={240}>
      <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
        <LeagueCharts nextRound={charts.nextRound} shares={charts.shares} winner={winner} scorers={charts.scorers} />
      </Suspense>
    </WhenVisible>
  );
}

/** One league in the home carousel. */
export function LeagueSummaryCard({ league, userId }: { league: League; userId: number | null }) {
  const matchday = useCurrentMatchday(league.competition.id);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h2" component="h2">{league.name}</Typography>
        <Typography variant="body2" color="text.secondary">{league.competition.name}</Typography>
      </Box>
      <LatestBets league={league} matchday={matchday} />
      <CompactTable league={league} userId={userId} />
      <Charts league={league} />
    </Box>
  );
}
