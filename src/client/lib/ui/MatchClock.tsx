import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { matchClockStatus, matchMinuteText, type MatchClockInput } from '../../../shared/domain/liveMatch';

/**
 * Where a match stands beside its score: its phase and minute while in play ("1st half 23'", "Half-time"),
 * "Finished" once its result is in; nothing before kickoff.
 */
export function MatchClock({ match, finished = true }: { match: MatchClockInput; finished?: boolean }) {
  const { t } = useTranslation();
  const status = matchClockStatus(match);
  if (status === 'scheduled' || (status === 'finished' && !finished)) return null;
  const minute = matchMinuteText(match);
  return (
    <Typography component="span" variant="caption" data-testid="match-clock"
      sx={{ display: 'block', fontWeight: 600, color: status === 'finished' ? 'text.secondary' : 'warning.dark' }}>
      {t(`live.clock.${status}`)}{minute && ` ${minute}`}
    </Typography>
  );
}
