import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Static } from 'typebox';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCompetition } from '../../../shared/api/routes/adminCompetitions';
import { api } from '../../api/api';
import { ConsoleConfirmDialog, type Confirmation } from './ConsoleConfirmDialog';
import { dateOrDash } from './consoleFormat';
import { Facts } from './Facts';
import { ImportCompetitionForm } from './ImportCompetitionForm';
import { OutcomeChip } from './OutcomeChip';

const competitionsEndpoint = api.endpoints.adminCompetitions;
const archiveEndpoint = api.endpoints.adminArchiveCompetition;
const unarchiveEndpoint = api.endpoints.adminUnarchiveCompetition;
const updateCompetitionEndpoint = api.endpoints.updateCompetition;

type Competition = Static<typeof AdminCompetition>;

/** Where a competition's data comes from, as the admin typed it (file name, URL, or code and season). */
const sourceOf = (competition: Competition): string =>
  [competition.provider, competition.provider_ref?.replace(/^upload:/, '')].filter(Boolean).join(' · ');

function CompetitionCard({ competition, confirm }: { competition: Competition; confirm: (confirmation: Confirmation) => void }) {
  const { t } = useTranslation();
  const [archive] = archiveEndpoint.useMutation();
  const [unarchive] = unarchiveEndpoint.useMutation();
  const [update] = updateCompetitionEndpoint.useMutation();
  const params = { id: competition.id };
  const lastSync = competition.last_sync;
  return (
    <Card component="li" data-testid={`competition-${competition.id}`}>
      <CardContent sx={{ pb: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={`competition-${competition.id}-name`} variant="h3" component="h3">{competition.name}</Typography>
          {competition.archived && <Chip size="small" label={t('admin_console.competitions.archived')} />}
          {competition.finished && <Chip size="small" variant="outlined" label={t('admin_console.competitions.finished')} />}
        </Stack>
        <Facts items={[
          [t('admin_console.competitions.provider'), sourceOf(competition)],
          [t('admin_console.competitions.season'), competition.season === null ? '—' : String(competition.season)],
          [t('admin_console.competitions.teams'), String(competition.teams)],
          [t('admin_console.competitions.played'), t('admin_console.competitions.played_of', { played: competition.matches_played, total: competition.matches_total })],
          [t('admin_console.competitions.last_sync'), lastSync ? <><OutcomeChip outcome={lastSync.outcome} /> {dateOrDash(lastSync.at)}</> : '—'],
          [t('admin_console.competitions.last_success'), dateOrDash(competition.last_successful_sync_at)],
          [t('admin_console.competitions.next_sync'), dateOrDash(competition.next_sync_at)],
        ]} />
        {lastSync?.error && <Typography color="error" variant="body2" sx={{ overflowWrap: 'anywhere' }}>{lastSync.error}</Typography>}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => void update({ params })} aria-describedby={`competition-${competition.id}-name`}>
          {t('admin_console.competitions.update')}
        </Button>
        {competition.archived ? (
          <Button size="small" onClick={() => void unarchive({ params })} aria-describedby={`competition-${competition.id}-name`}>
            {t('admin_console.competitions.unarchive')}
          </Button>
        ) : (
          <Button size="small" color="warning" aria-describedby={`competition-${competition.id}-name`} onClick={() => confirm({
            title: t('admin_console.competitions.archive_title', { name: competition.name }),
            text: t('admin_console.competitions.archive_text'),
            confirmLabel: t('admin_console.competitions.archive'),
            onConfirm: () => void archive({ params }),
          })}>
            {t('admin_console.competitions.archive')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** Competitions: import one, see where each stands, sync or archive it. */
export default function CompetitionsPage() {
  const { t } = useTranslation();
  const { data } = competitionsEndpoint.useQuery();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  return (
    <Stack spacing={2}>
      <ImportCompetitionForm />
      <Typography variant="h2" component="h2">{t('admin_console.competitions.title')}</Typography>
      {data && data.competitions.length === 0 && <Typography>{t('admin_console.competitions.none')}</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {data?.competitions.map((competition) => <CompetitionCard key={competition.id} competition={competition} confirm={setConfirmation} />)}
      </Box>
      <ConsoleConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />
    </Stack>
  );
}
