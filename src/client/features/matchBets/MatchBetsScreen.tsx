import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { PointsBadge } from '../../api/widgets/PointsBadge';
import { useSession } from '../../api/session';
import { betText, isFilled } from '../../lib/bets/betValues';
import { LateEntryAction } from '../../api/widgets/LateEntryDialog';
import { MatchScore, MatchTeam } from '../../api/widgets/matchDisplay';
import { useBetsOf, useLeaguesOf } from '../../api/store/entityHooks';
import { useLeagueLive } from '../../api/liveStream/useLeagueLive';
import { MatchClock } from '../../lib/ui/MatchClock';
import { RobotMark } from '../../lib/ui/RobotMark';
import { CrowdSplitBar } from '../../api/widgets/CrowdSplitBar';
import { FairOddsLine, useFairOdds } from '../../api/widgets/FairOdds';

const matchShow = api.endpoints.matchShow;
const leagueIndex = api.endpoints.leagueIndex;
const resultBets = api.endpoints.resultBetsIndex;

/** Everyone's bets on one match in one of the caller's leagues of its competition (switchable). */
export default function MatchBetsScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const matchId = Number(useParams().matchId);
  const [search, setSearch] = useSearchParams();
  const { data: match, isError: matchError } = matchShow.useQuery({ params: { id: matchId } }, { skip: !Number.isInteger(matchId) || matchId < 1 });
  const { data: leaguesData } = leagueIndex.useQuery({ query: { competition_id: match?.competition_id ?? 0 } }, { skip: !match });
  const leagues = useLeaguesOf(leaguesData);
  const wanted = Number(search.get('league_id'));
  const league = leagues.find((item) => item.id === wanted) ?? leagues[0];
  const { data, isLoading } = resultBets.useQuery({ params: { id: league?.id ?? 0 }, query: { match_id: matchId } }, { skip: !league });
  const bets = useBetsOf(data);
  const odds = useFairOdds(league?.id, { match_id: matchId }, !league || league.bets_system === 'disabled').get(matchId);
  // The league's live stream moves the score and the clock of a match in play without a reload.
  useLeagueLive(match && match.started && !match.finished && league ? league.id : null);

  if (matchError) return <Alert severity="error">{t('errors.pages.not_found')}</Alert>;
  return (
    <Box sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Typography variant="h1" sx={{ mb: 2 }}>{t('titles.match_bets')}</Typography>
      <Card>
        <CardContent>
          {match ? (
            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0,1fr) auto minmax(0,1fr)', alignItems: 'center', gap: 1 }}>
              <MatchTeam teamId={match.local_team_id} placeholder={match.local_placeholder} align="right" />
              <Box sx={{ textAlign: 'center' }}><MatchScore match={match} /><MatchClock match={match} /></Box>
              <MatchTeam teamId={match.visiting_team_id} placeholder={match.visiting_placeholder} />
              <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1', textAlign: 'center' }}>{formatDateTime(match.date)}</Typography>
              {odds && (
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <FairOddsLine odds={odds} localTeamId={match.local_team_id} visitingTeamId={match.visiting_team_id}
                    localPlaceholder={match.local_placeholder} visitingPlaceholder={match.visiting_placeholder} />
                </Box>
              )}
              {/* Once the bets are shown in the league: how it bet, beside the model's chances at the deadline. */}
              {odds?.sealed && league && <Box sx={{ gridColumn: '1 / -1' }}><CrowdSplitBar leagueId={league.id} matchId={matchId} model={odds} /></Box>}
            </Box>
          ) : <Skeleton height={48} />}
          {match && leagues.length === 0 && leaguesData !== undefined && <Alert severity="info" sx={{ mt: 2 }}>{t('bets.no_league_for_match')}</Alert>}
          {/* Which league the bets are of, always said (the page may open without one), and the caller's others to switch to. */}
          {league && (
            <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography data-testid="match-bets-league">
                {t('bets.shown_league')} <Link component={RouterLink} to={`/leagues/${league.id}`}>{league.name}</Link>
              </Typography>
              {leagues.length > 1 && (
                <NativeSelect value={league.id} inputProps={{ 'aria-label': t('bets.change_league') }}
                  onChange={(event) => setSearch({ league_id: event.target.value }, { replace: true })}>
                  {leagues.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
                </NativeSelect>
              )}
            </Box>
          )}
          {league && !isLoading && bets.length === 0 && (
            <Typography color="text.secondary" sx={{ mt: 2 }}>{t('bets.no_bets_on_match', { league: league.name })}</Typography>
          )}
          {league && (isLoading ? <Skeleton height={120} /> : bets.length > 0 && (
            <Table size="small" sx={{ mt: 1 }} aria-label={t('titles.match_bets')}>
              <TableHead><TableRow><TableCell>{t('bets.member')}</TableCell><TableCell align="center">{t('bets.bet')}</TableCell><TableCell align="right">{t('bets.points')}</TableCell></TableRow></TableHead>
              <TableBody>
                {bets.map((bet) => (
                  <TableRow key={bet.id} selected={bet.user_id === user.id} data-testid={`match-bet-${bet.user_id}`}>
                    <TableCell><Link component={RouterLink} to={`/result_bets/new?league_id=${bet.league_id}&user_id=${bet.user_id}&matchday=${bet.match.matchday}`}>{bet.user_name}</Link></TableCell>
                    <TableCell align="center">
                      {bet.allow_show_bets || bet.user_id === user.id
                        ? (isFilled(bet) ? betText(bet, league.bets_system) : t('bets.no_bet'))
                        : t('bets.hidden')}
                      {bet.bot && <RobotMark />}
                      {bet.late_entry && <Chip size="small" variant="outlined" label={t('late_entry.mark')} sx={{ ml: 1 }} />}
                      <LateEntryAction bet={bet} league={league} userId={user.id} />
                    </TableCell>
                    <TableCell align="right">{bet.points !== null && <PointsBadge points={bet.points} kind="result" betId={bet.id} />}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
        </CardContent>
      </Card>
    </Box>
  );
}
