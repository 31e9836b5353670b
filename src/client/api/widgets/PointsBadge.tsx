import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api';

/** The badge colour by points: 5 or more success, 3-4 info, 1-2 primary, 0 or less zero. */
export function badgeColour(points: number): 'success' | 'info' | 'primary' | 'zero' {
  if (points >= 5) return 'success';
  if (points >= 3) return 'info';
  if (points >= 1) return 'primary';
  return 'zero';
}

const infoEndpoints = {
  result: api.endpoints.resultBetPointsInfo,
  round: api.endpoints.roundPointsInfo,
  person: api.endpoints.personPointsInfo,
};
type BetKind = keyof typeof infoEndpoints;

function InfoTooltipBody({ kind, betId }: { kind: BetKind; betId: number }) {
  const { t } = useTranslation();
  const { data, isError } = infoEndpoints[kind].useQuery({ params: { id: betId } });
  if (isError) return <span>{t('errors.generic')}</span>;
  if (!data) {
    return <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}><CircularProgress size={12} color="inherit" />{t('common.loading')}</Box>;
  }
  // Result bets also say what their legend is multiplied by (round weight and joker); picks do not.
  const multiplier = 'multiplier' in data && typeof data.multiplier === 'number' ? data.multiplier : 1;
  return (
    <Box component="span" sx={{ display: 'block' }}>
      {data.legend.map((row) => <Box component="span" key={row.description} sx={{ display: 'block' }}>{row.description}: {row.points}/{row.max_points}</Box>)}
      {multiplier > 1 && <Box component="span" sx={{ display: 'block' }}>{t('components.multiplied', { count: multiplier })}</Box>}
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>{t('components.max_points', { count: data.max_points })}</Box>
    </Box>
  );
}

/** A bet's points, coloured by how many they are; hovering or focusing it loads how they were scored. */
export function PointsBadge({ points, kind, betId }: { points: number | null; kind?: BetKind; betId?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (points === null) return null;
  const colour = badgeColour(points);
  const badge = (
    <Box component="span" tabIndex={kind ? 0 : undefined} data-colour={colour} aria-label={t('components.points', { count: points })}
      sx={{
        display: 'inline-flex', minWidth: 28, height: 24, px: 0.75, borderRadius: 3, alignItems: 'center', justifyContent: 'center',
        fontWeight: 600, fontSize: 13, color: `${colour}.contrastText`, bgcolor: `${colour}.main`,
      }}>
      {points}
    </Box>
  );
  if (!kind || !betId) return badge;
  return (
    <Tooltip open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)} title={open ? <InfoTooltipBody kind={kind} betId={betId} /> : ''}>
      {badge}
    </Tooltip>
  );
}
