import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { Match } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { useMatchdayName } from '../../api/matchdayNames';
import { useLeagueOf } from '../../api/store/entityHooks';
import { useAppSelector } from '../../api/store/hooks';
import { selectTeamById } from '../../api/entities/teamsSlice';
import { useLocalNames } from '../../lib/i18n/localNames';
import { selectBetsByIds } from '../../api/entities/betsSlice';
import { matchShown, outcomesOf } from './summary';
import { SummaryGrid } from './SummaryGrid';
import { useSession } from '../../api/session';

const leagueShow = api.endpoints.leagueShow;
const matchdayInfo = api.endpoints.matchInfo;
const competitionMatches = api.endpoints.matchesIndex;
const resultBets = api.endpoints.resultBetsIndex;

const betsArgs = (leagueId: number, matchId: number) => ({ params: { id: leagueId }, query: { match_id: matchId } });

/** The same bets in the same order: the screen need not render again (each read builds new lists). */
const sameLists = <T,>(a: ReadonlyArray<readonly T[]>, b: ReadonlyArray<readonly T[]>): boolean =>
  a.length === b.length && a.every((list, i) => list.length === b[i].length && list.every((item, j) => item === b[i][j]));

/** Keeps one match's bet list subscribed (the screen reads every list from the cache). */
function MatchBetsLoader({ leagueId, matchId }: { leagueId: number; matchId: number }) {
  resultBets.useQuery(betsArgs(leagueId, matchId));
  return null;
}

function MatchLabel({ match }: { match: Match }) {
  const local = useAppSelector((state) => (match.local_team_id ? selectTeamById(state, match.local_team_id) : undefined));
  const visiting = useAppSelector((state) => (match.visiting_team_id ? selectTeamById(state, match.visiting_team_id) : undefined));
  const names = useLocalNames();
  const name = (team: typeof local, placeholder: string | null) => team?.abbreviation ?? names.placeholder(placeholder, 'short');
  const full = (team: typeof local, placeholder: string | null) => team?.team_name ?? names.placeholder(placeholder);
  const result = match.finished && match.local_goals !== null ? ` ${match.local_goals}-${match.visiting_goals}` : '';
  return <span title={`${full(local, match.local_placeholder)} - ${full(visiting, match.visiting_placeholder)}`}>{name(local, match.local_placeholder)}-{name(visiting, match.visiting_placeholder)}{result}</span>;
}

/**
 * Bets summary of a league's matchday: by member (grid) and by result (who picked what). Before the deadline the grid
 * shows the viewer's own bets and marks the others' hidden; the by-result view counts only shown bets.
 */
export default function BetsSummaryScreen() {
  const { t } = useTranslation();
  const { user } = useSession();
  const leagueId = Number(useParams().leagueId);
  const [search] = useSearchParams();
  const [tab, setTab] = useState<'users' | 'results'>('users');
  const { data: leagueData, isError } = leagueShow.useQuery({ params: { id: leagueId } });
  const league = useLeagueOf(leagueData);
  const { data: info } = matchdayInfo.useQuery({ params: { id: league?.competition_id ?? 0 } }, { skip: !league });
  const matchday = Number(search.get('matchday')) || info?.lastPlayedMatchday;
  const matchdayName = useMatchdayName(league?.competition_id);
  const { data: matchesData } = competitionMatches.useQuery({ params: { id: league?.competition_id ?? 0 }, query: { matchday } }, { skip: !league || !matchday });
  const matches = matchesData ?? [];
  const betsByMatch = useAppSelector((state) => matches.map((match) =>
    selectBetsByIds(state, (resultBets.select(betsArgs(leagueId, match.id))(state).data ?? []).map((bet) => bet.id))), sameLists);
  const loaded = useAppSelector((state) => matches.every((match) => resultBets.select(betsArgs(leagueId, match.id))(state).data !== undefined));
  const system = league?.bets_system ?? 'exact';
  const anyRow = betsByMatch.some((bets) => bets.length > 0);
  const allShown = matches.every((match, column) => matchShown(match, betsByMatch[column]));

  if (isError) return <Alert severity="error">{t('errors.messages.league_not_found')}</Alert>;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      {matches.map((match) => <MatchBetsLoader key={match.id} leagueId={leagueId} matchId={match.id} />)}
      <Typography variant="h1">{t('titles.bets_summary')}</Typography>
      {league && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 2 }}>
          <Link component={RouterLink} to={`/leagues/${league.id}`}>{league.name}</Link> · {matchday ? matchdayName(matchday) : ''}
        </Typography>
      )}
      <Card>
        <Tabs value={tab} onChange={(_event, value) => setTab(value)} variant="fullWidth">
          <Tab value="users" label={t('summary.by_user')} />
          <Tab value="results" label={t('summary.by_result')} />
        </Tabs>
        <CardContent>
          {!loaded || !league ? <Skeleton height={160} /> : !anyRow ? <Alert severity="info">{t('summary.not_locked')}</Alert> : tab === 'users' ? (
            <>
              {!allShown && <Alert severity="info" sx={{ mb: 1 }}>{t('summary.before_deadline')}</Alert>}
              <SummaryGrid matches={matches} betsByMatch={betsByMatch} system={system} viewerId={user.id} label={t('summary.by_user')}
                matchLabel={(match) => <MatchLabel match={match} />} />
            </>
          ) : (
            matches.map((match, column) => (
              <Box key={match.id} sx={{ mb: 2 }} component="section">
                <Typography variant="h3" component="h3" sx={{ mb: 1 }}><MatchLabel match={match} /></Typography>
                {!matchShown(match, betsByMatch[column]) && <Typography variant="body2" color="text.secondary">{t('summary.hidden')}</Typography>}
                {outcomesOf(match, betsByMatch[column].filter((bet) => bet.allow_show_bets), system).map((outcome) => (
                  <Box key={outcome.text} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap', mb: 0.5 }}>
                    <Chip size="small" label={`${outcome.text} · ${outcome.users.length}`} color={outcome.right ? 'success' : 'default'}
                      aria-label={t('summary.outcome', { result: outcome.text, count: outcome.users.length })} />
                    <Typography variant="body2" color={outcome.right ? 'success.main' : 'text.secondary'}>
                      {outcome.users.join(', ')}{outcome.right ? ` ✓ ${t('summary.right')}` : ''}
                    </Typography>
                  </Box>
                ))}
              </Box>
            ))
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
