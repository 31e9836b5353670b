import AccessTimeIcon from '@mui/icons-material/AccessTime';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What the rows' marks mean, in words on the page: a tooltip is out of reach on a phone, and a newcomer reads a red
 * clock as "late". Only the marks the rows show are explained.
 */
export function BetMarksLegend({ clock, jokerMultiplier }: { clock: boolean; jokerMultiplier: number | null }) {
  const { t } = useTranslation();
  if (!clock && jokerMultiplier === null) return null;
  const entry = { display: 'inline-flex', alignItems: 'center', gap: 0.5 } as const;
  return (
    <Box component="ul" aria-label={t('bets.legend')} data-testid="bet-marks-legend"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, color: 'text.secondary' }}>
      {clock && (
        <Box component="li" sx={entry}>
          <AccessTimeIcon fontSize="small" color="error" aria-hidden />
          <Typography variant="caption">{t('bets.hidden_from_others')}</Typography>
        </Box>
      )}
      {jokerMultiplier !== null && (
        <Box component="li" sx={entry}>
          <StarIcon fontSize="small" color="warning" aria-hidden />
          <Typography variant="caption">{t('jokers.legend', { multiplier: jokerMultiplier })}</Typography>
        </Box>
      )}
    </Box>
  );
}
