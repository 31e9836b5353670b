import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** How far a result is applied to its competition's league tables (an apply_results run): leagues done of the total. */
export function ResultJobProgress({ progress, running }: { progress: { leagues_done: number; leagues_total: number }; running: boolean }) {
  const { t } = useTranslation();
  const { leagues_done: done, leagues_total: total } = progress;
  const label = t('result_jobs.progress', { done, count: total });
  return (
    <Stack spacing={0.5} data-testid="result-job-progress">
      <Typography variant="body2">{label}</Typography>
      {running && (
        <LinearProgress variant="determinate" value={total === 0 ? 100 : Math.round((100 * done) / total)} aria-label={t('result_jobs.progress_label')} />
      )}
    </Stack>
  );
}
