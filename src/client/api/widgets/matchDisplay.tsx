import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Match } from '../../../shared/api/entities';
import { usePlaceholderName } from '../../lib/i18n/placeholderNames';
import { TeamLogo } from '../../lib/ui/TeamLogo';
import { useAppSelector } from '../store/hooks';
import { selectTeamById } from '../entities/teamsSlice';

/** Not started "-", started but not finished pending, finished final; extra-time goals as a subscript. */
export function MatchScore({ match }: { match: Match }) {
  const { t } = useTranslation();
  if (!match.started || match.local_goals === null || match.visiting_goals === null) {
    return <Typography component="span" aria-label={t('bets.not_started')}>-</Typography>;
  }
  const extra = (goals: number | null) => (goals !== null ? <Box component="sub" sx={{ fontSize: '0.7em' }}>{goals}</Box> : null);
  return (
    <Typography component="span" sx={{ fontWeight: match.finished ? 700 : 400, color: match.finished ? 'text.primary' : 'warning.main' }}
      title={match.finished ? t('bets.final') : t('bets.in_play')}>
      {match.local_goals}{extra(match.local_goals_extra_time)}-{match.visiting_goals}{extra(match.visiting_goals_extra_time)}
    </Typography>
  );
}

/** A team of a match with its logo, or its placeholder in words while unknown ("Ganador del partido 49"). */
export function MatchTeam({ teamId, placeholder, align = 'left' }: { teamId: number | null; placeholder: string | null; align?: 'left' | 'right' }) {
  const team = useAppSelector((state) => (teamId ? selectTeamById(state, teamId) : undefined));
  const placeholderName = usePlaceholderName();
  const name = team?.team_name ?? placeholderName(placeholder);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, flexDirection: align === 'right' ? 'row-reverse' : 'row' }}>
      {team && <TeamLogo team={team} />}
      <Typography variant="body2" noWrap title={name} sx={{ minWidth: 0 }}>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{name}</Box>
        <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>{team?.abbreviation ?? placeholderName(placeholder, 'short')}</Box>
      </Typography>
    </Box>
  );
}
