import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import type { MatchFairOdds } from '../../../shared/api/routes/fairOdds';
import { percentages } from '../../../shared/domain/fairOdds/outcomeModel';
import { usePlaceholderName } from '../../lib/i18n/placeholderNames';
import { api } from '../api';
import { selectTeamById } from '../entities/teamsSlice';
import { useAppSelector } from '../store/hooks';

export type FairOddsRow = Static<typeof MatchFairOdds>;

const fairOddsIndex = api.endpoints.fairOddsIndex;
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** A short line on screen, a whole sentence for screen readers. */
function Said({ shown, said }: { shown: string; said: string }) {
  return (
    <Typography variant="caption" component="p" color="text.secondary" sx={{ m: 0, position: 'relative' }}>
      <span aria-hidden="true">{shown}</span>
      <Box component="span" sx={visuallyHidden}>{said}</Box>
    </Typography>
  );
}

/**
 * The rating model's chances of a league's matches (one matchday, or one match), by match id; empty while loading
 * or skipped.
 */
export function useFairOdds(leagueId: number | undefined, query: { matchday?: number; match_id?: number }, skip = false): Map<number, FairOddsRow> {
  const { data } = fairOddsIndex.useQuery({ params: { id: leagueId ?? 0 }, query }, { skip: skip || !leagueId });
  return useMemo(() => new Map((data?.matches ?? []).map((row) => [row.match_id, row])), [data]);
}

function useTeamName(teamId: number | null, placeholder: string | null): string {
  const placeholderName = usePlaceholderName();
  return useAppSelector((state) => (teamId ? selectTeamById(state, teamId)?.team_name : undefined)) ?? placeholderName(placeholder);
}

/**
 * "Spain 62% · draw 23% · Costa Rica 15%": the model's chances of a match, and for a knockout match each side's
 * chance to go through (extra time and penalties included). In words for screen readers, saying when the chances
 * are the ones fixed at the deadline.
 */
export function FairOddsLine({ odds, localTeamId, visitingTeamId, localPlaceholder = null, visitingPlaceholder = null }: {
  odds: FairOddsRow; localTeamId: number | null; visitingTeamId: number | null; localPlaceholder?: string | null; visitingPlaceholder?: string | null;
}) {
  const { t } = useTranslation();
  const [home, away] = [useTeamName(localTeamId, localPlaceholder), useTeamName(visitingTeamId, visitingPlaceholder)];
  const percent = percentages(odds);
  const values = { home, away, homePercent: percent.home, draw: percent.draw, awayPercent: percent.away };
  const through = odds.through && percentages({ home: odds.through.home, draw: 0, away: odds.through.away });
  const throughValues = through && { home, away, homePercent: through.home, awayPercent: through.away };
  return (
    <Box data-testid={`fair-odds-${odds.match_id}`} sx={{ textAlign: 'center' }}>
      <Said shown={t('fairOdds.line', values)} said={t(odds.sealed ? 'fairOdds.sealed_label' : 'fairOdds.label', values)} />
      {throughValues && <Said shown={t('fairOdds.through', throughValues)} said={t('fairOdds.through_label', throughValues)} />}
    </Box>
  );
}
