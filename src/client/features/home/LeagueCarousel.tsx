import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../shared/api/entities';
import { LeagueSummaryCard } from './LeagueSummaryCard';

interface Props { leagues: League[]; index: number; onIndex: (index: number) => void; userId: number | null }

/** One summary per league, arrows that wrap around, and dots. */
export function LeagueCarousel({ leagues, index, onIndex, userId }: Props) {
  const { t } = useTranslation();
  const count = leagues.length;
  const league = leagues[Math.min(index, count - 1)];
  if (!league) return null;
  const go = (step: number) => onIndex((index + step + count) % count);
  return (
    <Box component="section" aria-roledescription="carousel" aria-label={t('home.league_carousel')}>
      {count > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, mb: 1 }}>
          <IconButton onClick={() => go(-1)} aria-label={t('home.previous_league')}><ChevronLeftIcon /></IconButton>
          {leagues.map((item, dot) => (
            <Box key={item.id} component="button" type="button" onClick={() => onIndex(dot)} aria-label={item.name} aria-current={dot === index ? 'true' : undefined}
              sx={{ width: 12, height: 12, p: 0, borderRadius: '50%', border: 1, borderColor: 'primary.main', cursor: 'pointer',
                bgcolor: dot === index ? 'primary.main' : 'transparent', '&:focus-visible': { outline: 2, outlineColor: 'secondary.main' } }} />
          ))}
          <IconButton onClick={() => go(1)} aria-label={t('home.next_league')}><ChevronRightIcon /></IconButton>
        </Box>
      )}
      <LeagueSummaryCard key={league.id} league={league} userId={userId} />
    </Box>
  );
}
