import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Match, Team } from '../../../shared/api/entities';
import { formatTime } from '../../lib/i18n/dates';
import { useAppSelector } from '../../api/store/hooks';
import { toLocale } from '../../lib/i18n/i18n';
import { usePlaceholderName } from '../../lib/i18n/placeholderNames';
import { showBetsPath } from '../../lib/ui/BetDateLink';
import { TeamLogo } from '../../lib/ui/TeamLogo';
import { MatchClock } from '../../lib/ui/MatchClock';
import { selectTeamEntities } from '../../api/entities/teamsSlice';

const SKELETONS = 10;

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

interface Day { key: string; weekday: string; dayOfMonth: string; matches: Match[] }

/** Matches grouped by local day, in date order. */
function groupByDay(matches: readonly Match[], locale: string): Day[] {
  const days: Day[] = [];
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const dayOfMonth = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' });
  for (const match of [...matches].sort((a, b) => a.date.localeCompare(b.date))) {
    const date = new Date(match.date);
    const key = `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
    let day = days[days.length - 1];
    if (!day || day.key !== key) {
      day = { key, weekday: weekday.format(date), dayOfMonth: dayOfMonth.format(date), matches: [] };
      days.push(day);
    }
    day.matches.push(match);
  }
  return days;
}

/** The match to scroll to: the first one in play, else the first not finished. */
const activeMatchId = (matches: readonly Match[]): number | undefined =>
  (matches.find((match) => match.started && !match.finished) ?? matches.find((match) => !match.finished))?.id;

function Score({ match }: { match: Match }) {
  if (!match.started) return <Typography variant="body2" color="text.secondary">{formatTime(match.date)}</Typography>;
  const extra = (goals: number | null) => (goals === null ? null : <Box component="sub" sx={{ fontSize: '0.65em' }}>{goals}</Box>);
  return (
    <Typography variant="body2" sx={{ fontWeight: 700, color: match.finished ? 'text.primary' : 'warning.main' }}>
      {match.local_goals ?? '-'}{extra(match.local_goals_extra_time)} - {match.visiting_goals ?? '-'}{extra(match.visiting_goals_extra_time)}
    </Typography>
  );
}

function Side({ team, placeholder }: { team: Team | undefined; placeholder: string | null }) {
  const placeholderName = usePlaceholderName();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <TeamLogo team={team} />
      <Typography variant="body2" noWrap>{team?.abbreviation ?? placeholderName(placeholder, 'short')}</Typography>
    </Box>
  );
}

/** Upcoming and live matches in a horizontal strip; each opens everyone's bets for it. */
export function MatchCarousel({ matches, loading, leagueId }: { matches: readonly Match[]; loading: boolean; leagueId?: number | null }) {
  const { t, i18n } = useTranslation();
  const teams = useAppSelector(selectTeamEntities);
  const placeholderName = usePlaceholderName();
  const strip = useRef<HTMLDivElement>(null);
  // The day headers follow a language switch like every other text.
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const days = useMemo(() => groupByDay(matches, locale), [matches, locale]);
  const active = activeMatchId(matches);

  useEffect(() => {
    const container = strip.current;
    const target = container?.querySelector<HTMLElement>(`[data-match-id="${active}"]`);
    if (container && target) container.scrollLeft = Math.max(0, target.offsetLeft - container.offsetLeft - 16);
  }, [active, days.length]);

  return (
    <Box component="section" aria-label={t('matches.upcoming')} ref={strip}
      sx={{ display: 'flex', gap: 1, overflowX: 'auto', pb: 1, scrollBehavior: 'smooth', alignItems: 'stretch' }}>
      {loading && Array.from({ length: SKELETONS }, (_, index) => (
        <Skeleton key={index} variant="rounded" width={140} height={92} data-testid="match-skeleton" sx={{ flexShrink: 0 }} />
      ))}
      {!loading && days.map((day) => (
        <Fragment key={day.key}>
          <Box role="heading" aria-level={3} sx={{ flexShrink: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center', alignItems: 'center', px: 1, color: 'primary.main' }}>
            <Typography variant="caption" sx={{ textTransform: 'uppercase', fontWeight: 600 }}>{day.weekday}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>{day.dayOfMonth}</Typography>
          </Box>
          {day.matches.map((match) => (
            <Card key={match.id} data-match-id={match.id} sx={{ flexShrink: 0, width: 140, borderColor: match.id === active ? 'primary.main' : undefined }}>
              <CardActionArea component={RouterLink} to={showBetsPath(match.id, leagueId)} sx={{ p: 1, height: '100%' }}>
                {/* Hidden text rather than aria-label: the link's name must keep its visible text (abbreviations, time). */}
                <Box component="span" sx={visuallyHidden}>{t('matches.bets_for', {
                  local: teams[match.local_team_id ?? -1]?.team_name ?? placeholderName(match.local_placeholder),
                  visiting: teams[match.visiting_team_id ?? -1]?.team_name ?? placeholderName(match.visiting_placeholder),
                })}</Box>
                <Side team={teams[match.local_team_id ?? -1]} placeholder={match.local_placeholder} />
                <Box sx={{ textAlign: 'center', my: 0.25 }}><Score match={match} /><MatchClock match={match} /></Box>
                <Side team={teams[match.visiting_team_id ?? -1]} placeholder={match.visiting_placeholder} />
              </CardActionArea>
            </Card>
          ))}
        </Fragment>
      ))}
      {!loading && !matches.length && <Typography color="text.secondary" sx={{ py: 2 }}>{t('matches.none')}</Typography>}
    </Box>
  );
}
