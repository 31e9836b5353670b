import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { api } from '../../api/api';
import { useLeagueOf } from '../../api/store/entityHooks';
import { AddWebhookCard } from './AddWebhookCard';
import { WebhookCard } from './WebhookCard';

const leagueShow = api.endpoints.leagueShow;
const webhookIndex = api.endpoints.webhookIndex;

/** The owner's chat connections of a league: add one, see each one's deliveries, test or remove it. */
export default function WebhooksScreen() {
  const { t } = useTranslation();
  const leagueId = Number(useParams().leagueId);
  const valid = Number.isInteger(leagueId) && leagueId > 0;
  const league = useLeagueOf(leagueShow.useQuery(valid ? { params: { id: leagueId } } : skipToken).data);
  // Deliveries change in the background: the list is read again every 10 seconds while it is shown.
  const { data: hooks, isError } = webhookIndex.useQuery(valid ? { params: { league_id: leagueId } } : skipToken, { pollingInterval: 10_000 });

  if (!valid || isError) return <Typography variant="h1" component="h1">{t('webhooks.not_allowed')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 900, mx: 'auto' }}>
      <Box>
        <Typography variant="h1" component="h1">{t('webhooks.title')}</Typography>
        {league && (
          <Typography color="text.secondary">
            <Box component={RouterLink} to={`/leagues/admin/${league.id}`} sx={{ color: 'primary.main' }}>{league.name}</Box>
          </Typography>
        )}
        <Typography sx={{ mt: 1 }}>{t('webhooks.intro')}</Typography>
      </Box>
      <AddWebhookCard leagueId={leagueId} />
      <Box component="section" aria-labelledby="webhook-list-title" sx={{ display: 'grid', gap: 2 }}>
        <Typography id="webhook-list-title" variant="h2" component="h2">{t('webhooks.list_title')}</Typography>
        {!hooks && <Skeleton variant="rounded" height={120} />}
        {hooks?.length === 0 && <Typography color="text.secondary">{t('webhooks.none')}</Typography>}
        {hooks?.map((hook) => <WebhookCard key={hook.id} hook={hook} />)}
      </Box>
    </Box>
  );
}
