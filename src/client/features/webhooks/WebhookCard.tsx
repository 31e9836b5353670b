import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Static } from 'typebox';
import type { Webhook, WebhookDelivery } from '../../../shared/api/routes/webhooks';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { ConfirmDialog } from '../../lib/ui/ConfirmDialog';

const testWebhook = api.endpoints.webhookTest;
const deleteWebhook = api.endpoints.webhookDelete;

const STATUS_COLOR = { pending: 'warning', delivered: 'success', failed: 'error' } as const;

function DeliveryLine({ delivery }: { delivery: Static<typeof WebhookDelivery> }) {
  const { t } = useTranslation();
  const answer = delivery.last_status !== null ? t('webhooks.http_status', { status: delivery.last_status }) : delivery.last_error;
  const details = [
    t('webhooks.attempts', { count: delivery.attempts }),
    answer,
    delivery.next_attempt_at ? t('webhooks.next_attempt', { date: formatDateTime(delivery.next_attempt_at) }) : null,
  ].filter(Boolean).join(' · ');
  return (
    <ListItem disableGutters sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Chip size="small" color={STATUS_COLOR[delivery.status]} label={t(`webhooks.statuses.${delivery.status}`)} />
      <ListItemText sx={{ flex: '1 1 12rem', m: 0, overflowWrap: 'anywhere' }}
        primary={`${t(`webhooks.event_names.${delivery.event}`, { defaultValue: delivery.event })} · ${formatDateTime(delivery.created_at)}`}
        secondary={details} />
    </ListItem>
  );
}

/** One of the league's hooks: where it goes, what it takes, its last deliveries, a test and its removal. */
export function WebhookCard({ hook }: { hook: Static<typeof Webhook> }) {
  const { t } = useTranslation();
  const [sendTest, testing] = testWebhook.useMutation();
  const [remove, removing] = deleteWebhook.useMutation();
  const [confirming, setConfirming] = useState(false);
  const params = { league_id: hook.league_id, id: hook.id };
  const titleId = `webhook-${hook.id}-title`;

  const test = () => { void sendTest({ params }); };
  const confirmRemove = async () => {
    setConfirming(false);
    await remove({ params });
  };

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography id={titleId} variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {t(`webhooks.kinds.${hook.kind}`)} · {hook.host}
        </Typography>
        <Typography color="text.secondary">
          {hook.events.map((event) => t(`webhooks.event_names.${event}`)).join(', ')}
        </Typography>
        {hook.disabled_at && <Chip color="error" label={t('webhooks.disabled', { date: formatDateTime(hook.disabled_at) })} sx={{ justifySelf: 'start' }} />}
        {!hook.disabled_at && hook.failing_since && (
          <Chip color="warning" label={t('webhooks.failing', { date: formatDateTime(hook.failing_since) })} sx={{ justifySelf: 'start' }} />
        )}
        <Typography variant="subtitle2" component="h4" id={`${titleId}-deliveries`}>{t('webhooks.deliveries')}</Typography>
        {hook.deliveries.length === 0
          ? <Typography color="text.secondary">{t('webhooks.no_deliveries')}</Typography>
          : (
            <List dense aria-labelledby={`${titleId}-deliveries`}>
              {hook.deliveries.map((delivery) => <DeliveryLine key={delivery.id} delivery={delivery} />)}
            </List>
          )}
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, '&:last-child': { pb: 0 } }}>
          <Button variant="outlined" disabled={testing.isLoading} onClick={() => void test()}>{t('webhooks.send_test')}</Button>
          <Button color="error" disabled={removing.isLoading} onClick={() => setConfirming(true)}>{t('webhooks.remove')}</Button>
        </CardContent>
      </CardContent>
      <ConfirmDialog open={confirming} title={t('webhooks.remove')} text={t('webhooks.remove_confirm', { host: hook.host })}
        confirmLabel={t('webhooks.remove')} onConfirm={() => void confirmRemove()} onClose={() => setConfirming(false)} />
    </Card>
  );
}
