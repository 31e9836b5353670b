import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Which points a card shows: final (finished matches only: what the home card, the league table and "who can still
 * win" all agree on) or provisional (matches in play counted as if they ended now, only the live league table).
 */
export function PointsBasis({ provisional = false }: { provisional?: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" data-testid="points-basis" sx={{ mb: 1 }}>
      {t(provisional ? 'points_basis.provisional' : 'points_basis.final')}
    </Typography>
  );
}
