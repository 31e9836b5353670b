import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PROCESS_KINDS, type ProcessRun } from '../../../shared/api/routes/adminOperations';
import { api } from '../../api/api';
import { Pagination } from '../../lib/ui/Pagination';
import { ANY_SHOWN, dateOrDash, formatDuration, pageCount, type Outcome } from './consoleFormat';
import { Facts } from './Facts';
import { OutcomeChip } from './OutcomeChip';
import { ResultJobProgress } from './ResultJobProgress';

const processesEndpoint = api.endpoints.adminProcesses;

type Run = Static<typeof ProcessRun>;
type Kind = (typeof PROCESS_KINDS)[number];
const OUTCOMES: Outcome[] = ['running', 'done', 'failed'];
export const PER_PAGE = 20;
/** How often the history is read again while a run on screen is still going. */
export const RUNNING_POLL_MS = 2000;
/** And while none is: a run the scheduler (or another admin, another process) starts shows up within this. */
export const IDLE_POLL_MS = 15_000;

/** What a run changed, in words: only the counts its kind has. */
function changesOf(run: Run, t: TFunction): string {
  const parts = [
    run.created === true ? t('admin_console.processes.created') : null,
    run.updated_matches !== null ? t('admin_console.processes.updated_matches', { count: run.updated_matches }) : null,
    run.recomputed_bets !== null ? t('admin_console.processes.recomputed_bets', { count: run.recomputed_bets }) : null,
    run.notified !== null ? t('admin_console.processes.notified', { count: run.notified }) : null,
  ];
  return parts.filter(Boolean).join(', ') || '—';
}

export function ProcessRunItem({ run }: { run: Run }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }} data-testid={`process-run-${run.id}`} data-outcome={run.outcome}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>{t(`admin_console.kinds.${String(run.kind)}`)}</Typography>
        <OutcomeChip outcome={run.outcome} />
      </Stack>
      <Facts items={[
        [t('admin_console.processes.competition'), run.competition?.name ?? '—'],
        [t('admin_console.processes.started_by'), run.started_by?.name ?? t('admin_console.processes.scheduler')],
        [t('admin_console.processes.started_at'), dateOrDash(run.started_at)],
        [t('admin_console.processes.duration'), run.duration_ms === null ? '—' : formatDuration(run.duration_ms)],
        [t('admin_console.processes.changes'), changesOf(run, t)],
      ]} />
      {run.progress && <ResultJobProgress progress={run.progress} running={run.outcome === 'running'} />}
      {run.error && <Typography color="error" variant="body2" sx={{ overflowWrap: 'anywhere' }}>{run.error}</Typography>}
    </Paper>
  );
}

/**
 * Process history: runs, scheduled or manual, filtered and paged; kept current by polling. Scheduled runs that changed
 * nothing (one a minute) are left out unless the admin asks for them, so they never bury a run that did something.
 */
export default function ProcessesPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind | ''>('');
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [includeIdle, setIncludeIdle] = useState(false);
  const [page, setPage] = useState(1);
  // ProcessKind is built with .map, so TypeScript cannot name its members in the query type: checked by the server.
  const query = { ...(kind ? { kind: kind as never } : {}), ...(outcome ? { outcome } : {}), ...(includeIdle ? { include_idle: true } : {}), page, per_page: PER_PAGE };
  // The page on screen decides how often to poll: often while one of its runs is still going, now and then otherwise.
  const running = !!processesEndpoint.useQueryState({ query }).data?.runs.some((run) => run.outcome === 'running');
  const { data } = processesEndpoint.useQuery({ query }, { pollingInterval: running ? RUNNING_POLL_MS : IDLE_POLL_MS });

  return (
    <Stack spacing={2}>
      <Typography variant="h2" component="h2">{t('admin_console.processes.title')}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>
        <TextField select slotProps={ANY_SHOWN} label={t('admin_console.processes.kind')} value={kind} onChange={(event) => { setKind(event.target.value as Kind | ''); setPage(1); }}>
          <MenuItem value="">{t('admin_console.processes.any_kind')}</MenuItem>
          {PROCESS_KINDS.map((value) => <MenuItem key={value} value={value}>{t(`admin_console.kinds.${value}`)}</MenuItem>)}
        </TextField>
        <TextField select slotProps={ANY_SHOWN} label={t('admin_console.processes.outcome')} value={outcome} onChange={(event) => { setOutcome(event.target.value as Outcome | ''); setPage(1); }}>
          <MenuItem value="">{t('admin_console.processes.any_outcome')}</MenuItem>
          {OUTCOMES.map((value) => <MenuItem key={value} value={value}>{t(`admin_console.outcomes.${value}`)}</MenuItem>)}
        </TextField>
      </Box>
      <FormControlLabel
        control={<Switch checked={includeIdle} onChange={(event) => { setIncludeIdle(event.target.checked); setPage(1); }} />}
        label={t('admin_console.processes.include_idle')}
      />
      {data && data.runs.length === 0 && <Typography>{t('admin_console.processes.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data?.runs.map((run) => <ProcessRunItem key={run.id} run={run} />)}
      </Stack>
      {data && <Pagination page={page} count={pageCount(data)} onChange={setPage} label={t('admin_console.processes.pages')} />}
    </Stack>
  );
}
