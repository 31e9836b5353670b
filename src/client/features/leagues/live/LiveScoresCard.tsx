import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MatchScore, MatchTeam } from '../../../api/widgets/matchDisplay';
import type { LeagueLive } from '../../../api/live/liveSlice';
import { MatchClock } from '../../../lib/ui/MatchClock';

/** The league's matches in play, as the live stream tells them (scores move without a reload). */
export function LiveScoresCard({ live }: { live: LeagueLive }) {
  const { t } = useTranslation();
  const inPlay = Object.values(live.matches).filter((m) => m.started && !m.finished).sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  if (inPlay.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="live-scores-title">
      <CardContent>
        <Typography id="live-scores-title" variant="h2" component="h2">{t('live.scores')}</Typography>
        <Box component="ul" aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {inPlay.map((match) => (
            <Box component="li" key={match.id} data-testid={`live-match-${match.id}`}
              sx={{ display: 'grid', gridTemplateColumns: '1fr auto 1fr', gap: 1, alignItems: 'center' }}>
              <MatchTeam teamId={match.local_team_id} placeholder={match.local_placeholder} align="right" />
              <Box sx={{ textAlign: 'center' }}><MatchScore match={match} /><MatchClock match={match} /></Box>
              <MatchTeam teamId={match.visiting_team_id} placeholder={match.visiting_placeholder} />
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
