import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import type { LeagueChoice } from '../../../shared/api/routes/overallRanking';
import { api } from '../../api/api';

const chooseMainLeague = api.endpoints.competitionRankingMainLeague;

interface Props {
  competitionId: number;
  mainLeague: Static<typeof LeagueChoice> | null;
  leagues: ReadonlyArray<Static<typeof LeagueChoice>>;
}

/**
 * Which of the player's leagues of the competition counts for them in the overall ranking. The save shows in the
 * snackbar as every write does (its process), and the ranking reads again when it is done (its tag).
 */
export function MainLeagueSelect({ competitionId, mainLeague, leagues }: Props) {
  const { t } = useTranslation();
  const [choose, { isLoading }] = chooseMainLeague.useMutation();
  const labelId = `main-league-label-${competitionId}`;
  return (
    <FormControl size="small" sx={{ minWidth: 200, maxWidth: '100%' }}>
      <InputLabel id={labelId}>{t('ranking.main_league')}</InputLabel>
      <Select labelId={labelId} label={t('ranking.main_league')} value={mainLeague?.id ?? ''} disabled={isLoading}
        aria-describedby={`${labelId}-help`}
        onChange={(event) => {
          const leagueId = Number(event.target.value);
          if (leagueId && leagueId !== mainLeague?.id) void choose({ params: { id: competitionId }, body: { league_id: leagueId } });
        }}>
        {leagues.map((league) => <MenuItem key={league.id} value={league.id}>{league.name}</MenuItem>)}
      </Select>
      <FormHelperText id={`${labelId}-help`}>{t('ranking.main_league_help')}</FormHelperText>
    </FormControl>
  );
}
