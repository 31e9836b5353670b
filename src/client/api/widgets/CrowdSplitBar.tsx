import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Outcomes } from '../../../shared/domain/scoring';
import { percentages, wholeParts } from '../../../shared/domain/fairOdds/outcomeModel';
import { api } from '../api';

const distribution = api.endpoints.resultBetDistribution;
const OUTCOMES = ['home', 'draw', 'away'] as const;
const SEGMENT_COLOUR = { home: 'primary.main', draw: 'text.disabled', away: 'secondary.main' } as const;

/** Whole percentages of the split (largest remainders, so they add up to 100). */
export const splitPercentages = (counts: Outcomes): Outcomes => {
  const [home, draw, away] = wholeParts([counts.home, counts.draw, counts.away], 100);
  return { home, draw, away };
};

/** A split as a bar (its numbers in words for screen readers) with the numbers under it, labelled when compared. */
function SplitBar({ percent, summary, label, testId }: { percent: Outcomes; summary: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid={testId}>
      <Box role="img" aria-label={summary} sx={{ display: 'flex', height: 8, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        {OUTCOMES.map((key) => percent[key] > 0 && (
          <Box key={key} data-outcome={key} sx={{ width: `${percent[key]}%`, bgcolor: SEGMENT_COLOUR[key] }} />
        ))}
      </Box>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0 }}>
        {label && <Box component="span" sx={{ fontWeight: 600 }}>{label} </Box>}
        {t('crowd.split_short', { home: percent.home, draw: percent.draw, away: percent.away })}
      </Typography>
    </Box>
  );
}

/**
 * How the league bet on a match (home win, draw, away win) as a bar with its numbers in words, beside it the rating
 * model's chances fixed at the deadline (`model`, permyriad) when there are any, and in a crowd-quote or odds
 * league what a right tendency earns for each outcome. Shown once the match's bets are shown in the league (the
 * caller mounts it then); nothing while loading or when nobody bet.
 */
export function CrowdSplitBar({ leagueId, matchId, model }: { leagueId: number; matchId: number; model?: Outcomes | null }) {
  const { t } = useTranslation();
  const { data } = distribution.useQuery({ params: { league_id: leagueId, match_id: matchId } });
  if (!data || data.bets === 0) return null;
  const percent = splitPercentages(data);
  const summary = t('crowd.split', { home: percent.home, draw: percent.draw, away: percent.away, count: data.bets });
  const modelPercent = model ? percentages(model) : null;
  return (
    <Box data-testid={`crowd-split-${matchId}`} sx={{ mt: 0.5, width: '100%', maxWidth: modelPercent ? 560 : 280, mx: 'auto',
      display: 'grid', columnGap: 2, gridTemplateColumns: modelPercent ? { xs: '1fr', sm: '1fr 1fr' } : '1fr' }}>
      <SplitBar percent={percent} summary={summary} label={modelPercent ? t('fairOdds.league') : undefined} />
      {modelPercent && (
        <SplitBar percent={modelPercent} label={t('fairOdds.model')} testId={`model-split-${matchId}`}
          summary={t('fairOdds.model_split', { home: modelPercent.home, draw: modelPercent.draw, away: modelPercent.away })} />
      )}
      {data.quote && (
        <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0, gridColumn: '1 / -1' }} data-testid={`crowd-quote-${matchId}`}>
          {t('crowd.quote', { home: data.quote.home, draw: data.quote.draw, away: data.quote.away })}
        </Typography>
      )}
    </Box>
  );
}
