import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CUP_DEFAULT_POINTS } from '../../../shared/domain/rounds';
import { useLocalNames } from '../../lib/i18n/localNames';
import { RoundName } from '../../lib/ui/RoundIcon';
import { LEGEND_DESCRIPTION, PERSON_POINTS, SCORING_PRESETS, effectivePoints, legendKeys, maxResultBetPoints } from '../../../shared/domain/scoring';

const SYSTEMS = [
  { key: 'exact_goals', rules: { bets_system: 'exact', scoring: SCORING_PRESETS.classic } },
  { key: 'exact_winner', rules: { bets_system: 'exact', scoring: SCORING_PRESETS.winner } },
  { key: 'sign', rules: { bets_system: 'sign', scoring: SCORING_PRESETS.winner } },
] as const;

/** The points legend, drawn from the shared scoring rules so the help page cannot drift from the server. */
export function PointsSystemTable() {
  const { t } = useTranslation();
  const names = useLocalNames();
  const exact = SYSTEMS[0].rules;
  return (
    <>
      <Typography variant="h2" component="h2" sx={{ mt: 3 }}>{t('help.points.results_title')}</Typography>
      <Table size="small" aria-label={t('help.points.results_title')}>
        <TableHead><TableRow><TableCell>{t('help.points.hit')}</TableCell><TableCell align="right">{t('help.points.points')}</TableCell></TableRow></TableHead>
        <TableBody>
          {legendKeys(exact).map((key) => (
            <TableRow key={key}><TableCell>{t(LEGEND_DESCRIPTION[key])}</TableCell><TableCell align="right">{effectivePoints(exact)[key]}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="h2" component="h2" sx={{ mt: 3 }}>{t('help.points.systems_title')}</Typography>
      <Table size="small" aria-label={t('help.points.systems_title')}>
        <TableHead><TableRow><TableCell>{t('help.points.system')}</TableCell><TableCell align="right">{t('help.points.max_points')}</TableCell></TableRow></TableHead>
        <TableBody>
          {SYSTEMS.map(({ key, rules }) => (
            <TableRow key={key}><TableCell>{t(`help.points.systems.${key}`)}</TableCell><TableCell align="right">{maxResultBetPoints(rules)}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="h2" component="h2" sx={{ mt: 3 }}>{t('help.points.rounds_title')}</Typography>
      <Table size="small" aria-label={t('help.points.rounds_title')}>
        <TableHead><TableRow><TableCell>{t('help.points.round')}</TableCell><TableCell align="right">{t('help.points.points_per_hit')}</TableCell></TableRow></TableHead>
        <TableBody>
          {Object.entries(CUP_DEFAULT_POINTS).filter(([roundId]) => Number(roundId) !== 10).map(([roundId, points]) => (
            <TableRow key={roundId}><TableCell><RoundName roundId={Number(roundId)}>{names.round(Number(roundId))}</RoundName></TableCell><TableCell align="right">{points}</TableCell></TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography sx={{ mt: 3 }}>{t('help.points.person', { perGoal: PERSON_POINTS.per_goal, bonus: PERSON_POINTS.top_scorer_bonus })}</Typography>
    </>
  );
}
