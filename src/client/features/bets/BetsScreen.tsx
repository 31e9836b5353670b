import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import NativeSelect from '@mui/material/NativeSelect';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';


import { api } from '../../api/api';
import { useMatchdayName } from '../../api/matchdayNames';
import { useAppDispatch, useAppSelector } from '../../api/store/hooks';
import { BetDateLink } from '../../lib/ui/BetDateLink';
import { PointsBadge } from '../../api/widgets/PointsBadge';
import { useSession } from '../../api/session';
import { LateEntryAction } from '../../api/widgets/LateEntryDialog';
import { SimulationPanel } from './SimulationPanel';
import { betEditRedone, betEditUndone, selectCanRedoBetEdit, selectCanUndoBetEdit } from '../../api/bets/betEditsSlice';
import { CopyBetsButton } from './CopyBetsButton';
import { DeadlineCountdown } from './DeadlineCountdown';
import { MatchScore, MatchTeam } from '../../api/widgets/matchDisplay';
import { PicksSection } from './PicksSection';
import StarIcon from '@mui/icons-material/Star';
import { JokerToggle } from './JokerToggle';
import type { League } from '../../../shared/api/entities';
import type { ResultBetRow } from '../../api/entities/betsSlice';
import { useBetsOf, useLeagueOf } from '../../api/store/entityHooks';
import { ResultBetCell } from './ResultBetCell';
import { BetMarksLegend } from './BetMarksLegend';
import { isFilled, type BetsSystem } from '../../lib/bets/betValues';
import { CrowdSplitBar } from '../../api/widgets/CrowdSplitBar';
import { FairOddsLine, useFairOdds, type FairOddsRow } from '../../api/widgets/FairOdds';
import { useUndoKeys } from './useUndoKeys';
import { useEffect, useState } from 'react';
import { useMatchLabel } from './matchLabel';
import { ClosedOn, closedAtOf } from './ClosedOn';
import { useOpeningMatchday } from './useOpeningMatchday';
import { RobotMark } from '../../lib/ui/RobotMark';
import { RoundIcon } from '../../lib/ui/RoundIcon';
import { useLocalNames } from '../../lib/i18n/localNames';

const leagueShow = api.endpoints.leagueShow;
const matchdayInfo = api.endpoints.matchInfo;
const resultBets = api.endpoints.resultBetsIndex;

const positiveInt = (raw: string | null): number | undefined => {
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** Builds the bets page URL: league, user, matchday and mode. */
export const betsPath = (leagueId: number, options: { userId?: number; matchday?: number; mode?: number } = {}): string => {
  const query = new URLSearchParams({ league_id: String(leagueId) });
  if (options.userId) query.set('user_id', String(options.userId));
  if (options.matchday) query.set('matchday', String(options.matchday));
  if (options.mode) query.set('mode', String(options.mode));
  return `/result_bets/new?${query}`;
};

function MatchdayNavigation({ matchday, matchdays, onChange, name }: {
  matchday: number; matchdays: number[]; onChange: (matchday: number) => void; name: (matchday: number) => string;
}) {
  const { t } = useTranslation();
  const index = matchdays.indexOf(matchday);
  const previous = index > 0 ? matchdays[index - 1] : undefined;
  const next = index >= 0 && index < matchdays.length - 1 ? matchdays[index + 1] : undefined;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton aria-label={t('bets.previous_matchday')} disabled={previous === undefined} onClick={() => previous && onChange(previous)}><ChevronLeftIcon /></IconButton>
      <NativeSelect value={matchday} onChange={(event) => onChange(Number(event.target.value))} inputProps={{ 'aria-label': t('bets.matchday') }}>
        {(matchdays.length ? matchdays : [matchday]).map((value) => <option key={value} value={value}>{name(value)}</option>)}
      </NativeSelect>
      <IconButton aria-label={t('bets.next_matchday')} disabled={next === undefined} onClick={() => next && onChange(next)}><ChevronRightIcon /></IconButton>
    </Stack>
  );
}

function UndoRedo() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const canUndo = useAppSelector(selectCanUndoBetEdit);
  const canRedo = useAppSelector(selectCanRedoBetEdit);
  return (
    <Stack direction="row">
      <Tooltip title={`${t('bets.undo')} (Ctrl+Z)`}><span><IconButton aria-label={t('bets.undo')} disabled={!canUndo} onClick={() => dispatch(betEditUndone())}><UndoIcon /></IconButton></span></Tooltip>
      <Tooltip title={`${t('bets.redo')} (Ctrl+Y, Ctrl+Shift+Z)`}><span><IconButton aria-label={t('bets.redo')} disabled={!canRedo} onClick={() => dispatch(betEditRedone())}><RedoIcon /></IconButton></span></Tooltip>
    </Stack>
  );
}

/** What the joker column of a row needs: the league's jokers (null: no jokers here). */
type JokerState = { left: number; multiplier: number; own: boolean } | null;

/**
 * One match's bet. `lateEntry`: the league, when the caller owns it and looks at another member's real bets, so past
 * the deadline they may enter this one late (a paper bet) where its rules allow; every member's bets page has a row
 * for each match, which the match's page only has for members who opened theirs.
 */
function BetRow({ bet, system, mode, leagueId, jokers, lateEntry, closedAt, odds, own }: {
  bet: ResultBetRow; system: BetsSystem; mode: number; leagueId: number; jokers: JokerState; lateEntry: { league: League; userId: number | null } | null; closedAt: { at: number | null } | null;
  odds: FairOddsRow | undefined; own: boolean;
}) {
  const { t } = useTranslation();
  const { match } = bet;
  const label = useMatchLabel(match);
  const names = useLocalNames();
  return (
    <Box component="li" data-testid={`bet-row-${match.id}`} data-bet-id={bet.id}
      sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider', display: 'grid', alignItems: 'center', columnGap: 1,
        gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)', gridTemplateAreas: '"date date points" "local bet visiting" ". score ." "late late late" "odds odds odds" "split split split"' }}>
      <Box sx={{ gridArea: 'date', display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <RoundIcon roundId={match.round_id} label={names.round(match.round_id)} />
        <BetDateLink matchId={match.id} leagueId={leagueId} date={match.date} />
      </Box>
      <Box sx={{ gridArea: 'local', minWidth: 0 }}><MatchTeam teamId={match.local_team_id} placeholder={match.local_placeholder} align="right" /></Box>
      <Box sx={{ gridArea: 'bet', display: 'flex', alignItems: 'center' }}>
        <ResultBetCell bet={bet} system={system} mode={mode} matchLabel={label} own={own} />
        {jokers && mode === 0 && (jokers.own
          ? <JokerToggle bet={bet} jokersLeft={jokers.left} multiplier={jokers.multiplier} matchLabel={label} />
          : bet.joker && <StarIcon fontSize="small" color="warning" aria-label={t('jokers.played', { multiplier: jokers.multiplier })} role="img" />)}
        {bet.bot && <RobotMark />}
      </Box>
      <Box sx={{ gridArea: 'visiting', minWidth: 0 }}><MatchTeam teamId={match.visiting_team_id} placeholder={match.visiting_placeholder} /></Box>
      <Box sx={{ gridArea: 'score', textAlign: 'center' }}>
        {/* No score before the kickoff: the row says when its bets closed, if they did. */}
        {match.started ? <MatchScore match={match} /> : closedAt && <ClosedOn at={closedAt.at} />}
        {/* Empty selects alone do not tell a newcomer that this match still has no bet. */}
        {own && mode === 0 && bet.allow_edit_bets && !isFilled(bet) && (
          <Typography variant="caption" color="warning.main" component="p" data-testid="no-bet-yet">{t('bets.no_bet_yet')}</Typography>
        )}
        {bet.late_entry && <Chip size="small" variant="outlined" label={t('late_entry.mark')} />}
      </Box>
      {/* The whole row's width: in the middle column a sentence would squeeze the teams' names out on a phone. */}
      {lateEntry && <Box sx={{ gridArea: 'late', textAlign: 'center', minWidth: 0 }}><LateEntryAction bet={bet} league={lateEntry.league} userId={lateEntry.userId} /></Box>}
      {/* The model's chances and the split take the row's whole width: in the middle column they would squeeze the teams' names out. */}
      {odds && (
        <Box sx={{ gridArea: 'odds', minWidth: 0 }}>
          <FairOddsLine odds={odds} localTeamId={match.local_team_id} visitingTeamId={match.visiting_team_id}
            localPlaceholder={match.local_placeholder} visitingPlaceholder={match.visiting_placeholder} />
        </Box>
      )}
      {mode === 0 && bet.allow_show_bets && (
        <Box sx={{ gridArea: 'split', minWidth: 0 }}><CrowdSplitBar leagueId={leagueId} matchId={match.id} model={odds?.sealed ? odds : null} /></Box>
      )}
      <Box sx={{ gridArea: 'points', textAlign: 'right', minHeight: 24 }}>{bet.points !== null && <PointsBadge points={bet.points} kind="result" betId={bet.id} />}</Box>
    </Box>
  );
}

/** Fill in (own) or view (another member's) result bets and picks of a league, by matchday. */
export default function BetsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { user } = useSession();
  const leagueId = positiveInt(search.get('league_id'));
  const userId = positiveInt(search.get('user_id'));
  const mode = search.get('mode') === '1' ? 1 : 0;
  const own = !userId || userId === user.id;

  const { data: leagueData, isError: leagueError } = leagueShow.useQuery({ params: { id: leagueId ?? 0 } }, { skip: !leagueId });
  const league = useLeagueOf(leagueData);
  const { data: info } = matchdayInfo.useQuery({ params: { id: league?.competition_id ?? 0 } }, { skip: !league });
  const matchdayName = useMatchdayName(league?.competition_id);
  const [closedMatchday, setClosedMatchday] = useState<number | undefined>(undefined);
  const openingMatchday = useOpeningMatchday(info, league?.start_matchday, closedMatchday);
  const matchday = positiveInt(search.get('matchday')) ?? openingMatchday;
  const matchdays = (info?.matchdays ?? []).filter((value) => !league || value >= league.start_matchday);

  const query = { ...(userId ? { user_id: userId } : {}), ...(matchday ? { matchday } : {}), ...(mode ? { mode } : {}) };
  const { data, currentData, isLoading, isError } = resultBets.useQuery({ params: { id: leagueId ?? 0 }, query }, { skip: !leagueId || !info || !league });
  const bets = useBetsOf(data);
  const odds = useFairOdds(leagueId, matchday ? { matchday } : {}, !league || !matchday || league.bets_system === 'disabled');
  // The opening matchday moves on while the caller's own bets shown there are all closed.
  const allClosed = !search.get('matchday') && own && mode === 0 && league?.bets_system !== 'disabled' && !!currentData?.length && bets.every((bet) => !bet.allow_edit_bets);
  useEffect(() => setClosedMatchday(allClosed ? matchday : undefined), [allClosed, matchday]);
  useUndoKeys(own);

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };

  if (!leagueId || leagueError) return <Alert severity="error">{t('errors.messages.league_not_found')}</Alert>;
  const system: BetsSystem = league?.bets_system ?? 'exact';
  const jokers: JokerState = league && league.jokers.count > 0 ? {
    left: league.jokers_left ?? 0, multiplier: league.jokers.multiplier, own,
  } : null;
  const ownerName = own ? user.name : bets[0]?.user_name;
  const lateEntry = !own && mode === 0 && league && league.owner_id === user.id ? { league, userId: user.id } : null;

  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Box>
        <Typography variant="h1" component="h1">{mode ? t('titles.simulation') : t('titles.bets')}</Typography>
        {league && (
          <Typography variant="subtitle1" component="p" color="text.secondary">
            <Link component={RouterLink} to={`/leagues/${league.id}`}>{league.name}</Link>
            {ownerName ? ` · ${ownerName}` : ''}
          </Typography>
        )}
      </Box>
      {!own && <Alert severity="info">{t('bets.read_only', { name: ownerName ?? '' })}</Alert>}
      {league && system === 'disabled' && <Alert severity="info">{t('bets.result_bets_disabled')}</Alert>}
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            {matchday && <MatchdayNavigation matchday={matchday} matchdays={matchdays} onChange={(value) => setParam({ matchday: String(value) })} name={matchdayName} />}
            {own && <UndoRedo />}
            {league && <DeadlineCountdown bets={bets} rules={league} />}
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {own && league && mode === 0 && <CopyBetsButton league={league} />}
            {own && jokers && mode === 0 && (
              <Typography variant="body2" sx={{ alignSelf: 'center' }} data-testid="jokers-left">
                {t('jokers.left', { left: jokers.left, count: league!.jokers.count, multiplier: jokers.multiplier })}
              </Typography>
            )}
            {own && league && (
              <Button size="small" variant={mode ? 'contained' : 'outlined'} onClick={() => setParam({ mode: mode ? null : '1' })}>
                {mode ? t('bets.leave_simulation') : t('bets.simulate')}
              </Button>
            )}
          </Stack>
          <BetMarksLegend clock={bets.some((bet) => !bet.allow_show_bets)} jokerMultiplier={jokers && mode === 0 ? jokers.multiplier : null} />
          {isError && <Alert severity="error" sx={{ mt: 2 }}>{t('errors.generic')}</Alert>}
          {isLoading || !info ? (
            <Stack spacing={1} sx={{ mt: 2 }}>{[0, 1, 2].map((row) => <Skeleton key={row} height={48} />)}</Stack>
          ) : bets.length === 0 ? (
            <Typography sx={{ mt: 2 }} color="text.secondary">{t('bets.no_matches')}</Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0, mt: 1 }} aria-label={matchday ? matchdayName(matchday) : undefined}>
              {bets.map((bet) => <BetRow key={bet.id} bet={bet} system={system} mode={mode} leagueId={leagueId} jokers={jokers} lateEntry={lateEntry}
                closedAt={mode === 0 && league ? closedAtOf(bet, bets, league, own) : null} odds={odds.get(bet.match.id)} own={own} />)}
            </Box>
          )}
        </CardContent>
      </Card>
      {league && (league.round_bets_enabled || league.person_bets_enabled) && (
        <PicksSection league={league} userId={own ? user.id ?? undefined : userId} mode={mode} />
      )}
      {league && mode === 1 && own && <SimulationPanel league={league} matchday={matchday} />}
      {league && matchday && (
        <Link component={RouterLink} to={`/leagues/${league.id}/summary?matchday=${matchday}`}>{t('titles.bets_summary')}</Link>
      )}
    </Stack>
  );
}

