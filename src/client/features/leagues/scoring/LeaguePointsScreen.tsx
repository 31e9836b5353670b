import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LEGEND_DESCRIPTION, effectivePoints, legendKeys, maxResultBetPoints } from '../../../../shared/domain/scoring';
import { quoteExample } from './quoteExample';
import { api } from '../../../api/api';
import { useLeagueOf } from '../../../api/store/entityHooks';
import { useLocalNames } from '../../../lib/i18n/localNames';
import { EXAMPLE, examplePoints } from './scoringExample';
import { OtherPointsCard } from './OtherPointsCard';

const leagueShow = api.endpoints.leagueShow;

/** How this league scores, generated from its own rules: hits, mode, rounds, jokers, deadlines and ties. */
export default function LeaguePointsScreen() {
  const { t } = useTranslation();
  const names = useLocalNames();
  const leagueId = Number(useParams().leagueId) || 0;
  const { data: leagueAnswer, isError } = leagueShow.useQuery({ params: { id: leagueId } }, { skip: !leagueId });
  const league = useLeagueOf(leagueAnswer);
  if (isError) return <Alert severity="error">{t('errors.messages.league_not_found')}</Alert>;
  if (!league) return <Typography variant="h1" component="h1">{t('league_points.title')}</Typography>;
  const rules = { bets_system: league.bets_system, scoring: league.scoring, knockout_basis: league.knockout_basis };
  const points = effectivePoints(rules);
  const keys = legendKeys(rules);
  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <div>
        <Typography variant="h1" component="h1">{t('league_points.title')}</Typography>
        <Typography variant="subtitle1" component="p" color="text.secondary">
          <Link component={RouterLink} to={`/leagues/${league.id}`}>{league.name}</Link>
        </Typography>
      </div>
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2" gutterBottom>{t('league_points.results')}</Typography>
          {league.bets_system === 'disabled' ? <Typography>{t('bets.result_bets_disabled')}</Typography> : (
            <>
              <Table size="small" aria-label={t('league_points.results')}>
                <TableHead><TableRow><TableCell>{t('help.points.hit')}</TableCell><TableCell align="right">{t('help.points.points')}</TableCell></TableRow></TableHead>
                <TableBody>
                  {keys.map((key) => (
                    <TableRow key={key}><TableCell>{t(LEGEND_DESCRIPTION[key])}</TableCell><TableCell align="right">{points[key]}</TableCell></TableRow>
                  ))}
                </TableBody>
              </Table>
              <Typography sx={{ mt: 1 }} data-testid="points-mode">{t(`league_points.mode.${league.scoring.mode}`, quoteExample(league.scoring))}</Typography>
              {league.bets_system === 'sign' && <Typography>{t('scoring.help.sign')}</Typography>}
              <Typography sx={{ mt: 1 }} data-testid="points-example">
                {t('scoring.example', {
                  bet: `${EXAMPLE.bet.local_goals}-${EXAMPLE.bet.visiting_goals}`, result: `${EXAMPLE.result.local}-${EXAMPLE.result.visiting}`,
                  count: examplePoints(rules),
                })}
              </Typography>
              <Typography>{t('scoring.max_points', { count: maxResultBetPoints(rules) })}</Typography>
              <Typography sx={{ mt: 1 }}>{t(`league_points.knockout.${league.knockout_basis}`)}</Typography>
            </>
          )}
        </CardContent>
      </Card>
      {(league.round_multipliers.length > 0 || league.jokers.count > 0) && (
        <Card>
          <CardContent>
            <Typography variant="h2" component="h2" gutterBottom>{t('league_points.weights')}</Typography>
            {league.round_multipliers.map((m) => (
              <Typography key={m.round_id}>{t('league_points.round_factor', { round: names.round(m.round_id), factor: m.factor })}</Typography>
            ))}
            {league.jokers.count > 0 && (
              <Typography>{t('league_points.jokers', { count: league.jokers.count, multiplier: league.jokers.multiplier })}</Typography>
            )}
          </CardContent>
        </Card>
      )}
      <OtherPointsCard league={league} />
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2" gutterBottom>{t('scoring.deadline')}</Typography>
          <Typography>{t(`league_points.deadline.${league.lock_by}`, { count: league.bet_deadline_minutes })}</Typography>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2" gutterBottom>{t('tie_breaks.label')}</Typography>
          {league.tie_breaks.length === 0 ? <Typography>{t('tie_breaks.none')}</Typography> : (
            <>
              <Typography>{t('tie_breaks.help')}</Typography>
              <Box component="ol" sx={{ my: 0.5 }} aria-label={t('tie_breaks.label')}>
                {league.tie_breaks.map((key) => <li key={key}><Typography>{t(`tie_breaks.keys.${key}`)}</Typography></li>)}
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
