import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League } from '../../../shared/api/entities';
import { api } from '../../api/api';
import { useAppDispatch } from '../../api/store/hooks';
import { LeagueTable } from '../../lib/ui/LeagueTable';
import { useSession } from '../../api/session';
import { betHistoryCleared } from '../../api/bets/betEditsSlice';

const leagueTable = api.endpoints.usersLeagueTable;
const resetBets = api.endpoints.resetBets;

/**
 * Simulation (mode 1): the table the caller's hypothetical results and picks would produce after the matchday the
 * page shows (its title names it), and a reset that clears them (after a confirmation).
 */
export function SimulationPanel({ league, matchday }: { league: League; matchday: number | undefined }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const { data, isFetching } = leagueTable.useQuery({ params: { id: league.id }, query: { mode: 1, ...(matchday ? { matchday } : {}) } });
  const [reset, { isLoading }] = resetBets.useMutation();
  const dispatch = useAppDispatch();
  const confirmReset = async () => {
    const result = await reset({ body: { league_id: league.id } }) as { error?: unknown };
    // The simulated values the history remembers are gone on the server: forget them so the reset shows.
    if (!result.error) betHistoryCleared().forEach((action) => dispatch(action));
    setConfirming(false);
  };
  const table = data;
  return (
    <Card component="section" aria-labelledby="simulation-title">
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h2" id="simulation-title">
            {table?.matchday ? t('simulation.projected_table_after', { matchday: table.matchday }) : t('simulation.projected_table')}
          </Typography>
          <Button size="small" color="warning" variant="outlined" startIcon={<RestartAltIcon />} onClick={() => setConfirming(true)}>{t('simulation.reset')}</Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>{t('simulation.explanation')}</Typography>
        {league.scoring.mode === 'quote' && <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{t('crowd.simulation_note')}</Typography>}
        {table ? (
          <div data-testid="simulation-table" aria-busy={isFetching}><LeagueTable table={table} leagueId={league.id} currentUserId={user.id} /></div>
        ) : <Skeleton height={160} />}
      </CardContent>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('simulation.reset')}</DialogTitle>
        <DialogContent>{t('simulation.reset_confirm')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button variant="contained" color="warning" disabled={isLoading}
            onClick={() => void confirmReset()}>{t('simulation.reset')}</Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
