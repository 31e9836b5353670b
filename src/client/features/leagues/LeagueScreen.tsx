import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useParams } from 'react-router';
import { PAGED_TABLE_FROM } from '../../../shared/api/routes/tables';
import { api } from '../../api/api';
import { useMatchdayName } from '../../api/matchdayNames';
import { useLeagueOf } from '../../api/store/entityHooks';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLocalNames } from '../../lib/i18n/localNames';
import { useAppSelector } from '../../api/store/hooks';
import { LeagueTable } from '../../lib/ui/LeagueTable';
import { PointsBasis } from '../../lib/ui/PointsBasis';
import { useSession } from '../../api/session';
import { selectTeamEntities } from '../../api/entities/teamsSlice';
import { CompetitionTables } from './table/CompetitionTables';
import { LiveScoresCard } from './live/LiveScoresCard';
import { LiveStatus } from './live/LiveStatus';
import { positionMoves } from '../../api/liveStream/liveCache';
import { useLeagueLive } from '../../api/liveStream/useLeagueLive';
import { MatchdayWinners } from './table/MatchdayWinners';
import { MatchdayTable } from './table/MatchdayTable';
import { HeadToHeadCard } from './rivalry/HeadToHeadCard';
import { TitleRaceCard } from './table/TitleRaceCard';
import { LeagueCreatedDialog } from './settings/LeagueCreatedDialog';
import { LeagueActions } from './members/LeagueActions';
import { NotMemberCard } from './NotMemberCard';

const leagueShow = api.endpoints.leagueShow;
const leagueTable = api.endpoints.usersLeagueTable;
const matchInfo = api.endpoints.matchInfo;
const matchesIndex = api.endpoints.matchesIndex;

/** Global admins correct matches by hand from the league page. */
function MatchdayMatchesForAdmin({ competitionId, matchday }: { competitionId: number; matchday: number }) {
  const { t } = useTranslation();
  const teams = useAppSelector(selectTeamEntities);
  const names = useLocalNames();
  const matchdayName = useMatchdayName(competitionId);
  const { data } = matchesIndex.useQuery({ params: { id: competitionId }, query: { matchday } });
  return (
    <Card component="section" aria-labelledby="admin-matches-title">
      <CardContent>
        <Typography id="admin-matches-title" variant="h2" component="h2">{t('admin.matches_of_matchday', { matchday: matchdayName(matchday) })}</Typography>
        <List dense>
          {(data ?? []).map((match) => (
            <ListItem key={match.id} disableGutters>
              <Link component={RouterLink} to={`/admin/matches/${match.id}`}>
                {teams[match.local_team_id ?? -1]?.team_name ?? names.placeholder(match.local_placeholder)} - {teams[match.visiting_team_id ?? -1]?.team_name ?? names.placeholder(match.visiting_placeholder)}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>{formatDateTime(match.date)}</Typography>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

/** A league: its table for a matchday, the matchday winners, and the competition's tables. */
export default function LeagueScreen() {
  const { t } = useTranslation();
  const leagueId = Number(useParams().leagueId);
  const { user, isAdmin } = useSession();
  const [matchday, setMatchday] = useState<number | undefined>(undefined);
  // A big league's table comes a page at a time: the first row of the page shown (0: the first page).
  const [offset, setOffset] = useState(0);
  // While matches are in play the table shows provisional points; the reader may switch to the final ones.
  const [basis, setBasis] = useState<'provisional' | 'final'>('provisional');
  const valid = Number.isInteger(leagueId) && leagueId > 0;
  const { data: leagueAnswer, isError } = leagueShow.useQuery(valid ? { params: { id: leagueId } } : skipToken);
  const league = useLeagueOf(leagueAnswer);
  const { data: info } = matchInfo.useQuery(league ? { params: { id: league.competition.id } } : skipToken);
  // The table is for members (and admins): a non-member the league is shown to sees how to join instead.
  const reader = !!league && (league.is_member || isAdmin);
  // A big league's past matchday is asked for as that matchday's own table, ranked by the server a page at a time.
  const pagedTable = !!league && league.members_count > PAGED_TABLE_FROM;
  const lastPlayed = info?.lastPlayedMatchday ?? null;
  const pastPick = matchday !== undefined && lastPlayed !== null && matchday < lastPlayed;
  const { data: table, isFetching, isError: tableFailed } = leagueTable.useQuery(valid && reader
    ? { params: { id: leagueId }, query: { ...(matchday ? { matchday } : {}), ...(offset ? { offset } : {}), ...(pagedTable && pastPick ? { order: 'matchday' as const } : {}) } } : skipToken);
  const live = useLeagueLive(valid && league?.is_member ? leagueId : null);
  const matchdayName = useMatchdayName(league?.competition.id);

  if (!valid || isError) return <Typography variant="h1" component="h1">{t('errors.messages.league_not_found')}</Typography>;
  if (!league) return <Skeleton variant="rounded" height={300} />;

  const owner = league.owner_id === user.id;
  // While matches are in play the provisional table replaces the stored one (for its matchday), arrows against it,
  // unless the reader asks for the final points (those the home card and "who can still win" show).
  const inPlay = live.provisional && (matchday === undefined || matchday === live.provisional.table.matchday) ? live.provisional.table : null;
  const provisional = basis === 'provisional' ? inPlay : null;
  const shownTable = provisional ?? table;
  const moves = provisional ? positionMoves(table, provisional) : live.moves;
  const shownMatchday = matchday ?? shownTable?.matchday ?? info?.lastPlayedMatchday ?? 1;
  const matchdays = info?.matchdays.length ? info.matchdays : [shownMatchday];
  // The winners of the matchday picked, once it is over: none while it is in play.
  const winners = !inPlay && table?.matchday === shownMatchday ? table.users.filter((row) => table.matchday_winner_ids.includes(row.user_id)) : [];
  // A past matchday picked shows that matchday's own table.
  const latest = table?.last_played_matchday ?? info?.lastPlayedMatchday ?? null;
  const pastMatchday = !inPlay && matchday !== undefined && latest !== null && matchday < latest && table?.matchday === matchday && (table.own_row === undefined || pagedTable);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 16rem' }}>
          <Typography variant="h1" component="h1">{league.name}</Typography>
          <Typography color="text.secondary">{league.competition.name} · {t('league.owner', { name: league.owner_name })} · {t('league.members', { count: league.members_count })}</Typography>
          {league.finished && <Typography color="warning.main">{t('errors.messages.league_finished')}</Typography>}
        </Box>
        <LeagueActions league={league} userId={user.id} matchday={shownMatchday} />
      </Box>
      {/* The owner's words about the league, full width under its name and actions. */}
      {league.description && <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxWidth: '70ch' }}>{league.description}</Typography>}

      {!reader && <NotMemberCard league={league} />}
      {/* Matches in play come first: what a member opens the league for during a matchday. */}
      <LiveScoresCard live={live} />

      {reader && <Card component="section" aria-labelledby="league-table-title">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
            <Typography id="league-table-title" variant="h2" component="h2" sx={{ flex: 1 }}>{t('league.table')}</Typography>
            <LiveStatus live={provisional || !inPlay ? live : { ...live, provisional: null }} />
            <FormControl size="small" sx={{ minWidth: 140 }}>
              <InputLabel id="matchday-label">{t('table.matchday')}</InputLabel>
              <Select labelId="matchday-label" label={t('table.matchday')} value={shownMatchday} onChange={(event) => { setMatchday(Number(event.target.value)); setOffset(0); }}>
                {matchdays.map((day) => <MenuItem key={day} value={day}>{matchdayName(day)}</MenuItem>)}
              </Select>
            </FormControl>
          </Box>
          {league.scoring.mode === 'quote' && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('crowd.table_note')}</Typography>}
          {league.scoring.mode === 'odds' && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('fairOdds.table_note')}</Typography>}
          {!pastMatchday && <PointsBasis provisional={!!provisional} />}
          {inPlay && (
            <ToggleButtonGroup size="small" exclusive value={basis} onChange={(_event, value: 'provisional' | 'final' | null) => { if (value) setBasis(value); }}
              aria-label={t('points_basis.choice')} sx={{ mb: 1 }}>
              <ToggleButton value="provisional">{t('points_basis.provisional_short')}</ToggleButton>
              <ToggleButton value="final">{t('points_basis.final_short')}</ToggleButton>
            </ToggleButtonGroup>
          )}
          {winners.length > 0 && (
            <Typography variant="body2" sx={{ mb: 1 }}>{t('league.matchday_winners', { names: winners.map((row) => row.user_name).join(', ') })}</Typography>
          )}
          {shownTable && pastMatchday && <MatchdayTable table={shownTable} leagueId={league.id} currentUserId={user.id} onPage={setOffset} />}
          {shownTable && !pastMatchday && (
            <Box sx={{ opacity: isFetching && !provisional ? 0.6 : 1 }}>
              <LeagueTable table={shownTable} leagueId={league.id} currentUserId={user.id} moves={moves} onPage={setOffset} matchdayName={matchdayName} />
            </Box>
          )}
          {!shownTable && (tableFailed ? <Typography color="text.secondary">{t('errors.generic')}</Typography> : <Skeleton height={200} />)}
        </CardContent>
      </Card>}

      {league.head_to_head && league.is_member && user.id !== null && <HeadToHeadCard leagueId={league.id} competitionId={league.competition.id} userId={user.id} table={live.provisional?.table ?? table} provisional={!!live.provisional} />}
      {table && <MatchdayWinners table={table} matchdayName={matchdayName} />}
      {(league.is_member || isAdmin) && <TitleRaceCard leagueId={league.id} />}
      {/* What the app places on the league page from other areas (the league board). */}
      {reader && <Outlet />}
      {isAdmin && <MatchdayMatchesForAdmin competitionId={league.competition.id} matchday={shownMatchday} />}
      <CompetitionTables competitionId={league.competition.id} />
      {owner && <LeagueCreatedDialog league={league} />}
    </Box>
  );
}
