import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, WEBHOOK_KINDS } from '../../../shared/api/routes/webhooks';
import { api } from '../../api/api';
import { fieldErrors } from '../../lib/forms/formErrors';
import { SecretDialog } from './SecretDialog';

type Kind = (typeof WEBHOOK_KINDS)[number];
type Event = (typeof WEBHOOK_EVENTS)[number];

const createWebhook = api.endpoints.webhookCreate;

/** The owner connects the league to a chat or an endpoint; the signing secret is shown once, in a dialog. */
export function AddWebhookCard({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation();
  const [create, { isLoading, error, reset }] = createWebhook.useMutation();
  const [kind, setKind] = useState<Kind>('discord');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<Event[]>(['result', 'matchday_winners']);
  const [secret, setSecret] = useState<string | null>(null);

  const toggle = (event: Event) => setEvents((now) => (now.includes(event) ? now.filter((e) => e !== event) : [...now, event]));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await create({ body: { league_id: leagueId, url: url.trim(), kind, events } });
    if ('error' in result && result.error) return;
    setUrl('');
    reset();
    setSecret(result.data!.secret);
  };
  const urlError = fieldErrors(error, 'url');

  return (
    <Card component="section" aria-labelledby="add-webhook-title">
      <CardContent component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
        <Typography id="add-webhook-title" variant="h2" component="h2">{t('webhooks.add_title')}</Typography>
        <Typography color="text.secondary">{t(`webhooks.kind_help.${kind}`)}</Typography>
        <TextField select label={t('webhooks.kind')} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
          {WEBHOOK_KINDS.map((k) => <MenuItem key={k} value={k}>{t(`webhooks.kinds.${k}`)}</MenuItem>)}
        </TextField>
        <TextField label={t('webhooks.url')} value={url} onChange={(e) => setUrl(e.target.value)} required type="url"
          slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off' } }} error={urlError !== undefined} helperText={urlError} />
        <FormControl component="fieldset" error={events.length === 0}>
          <FormLabel component="legend">{t('webhooks.events')}</FormLabel>
          <FormGroup>
            {WEBHOOK_EVENTS.map((event) => (
              <FormControlLabel key={event} label={t(`webhooks.event_names.${event}`)}
                control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />} />
            ))}
          </FormGroup>
          {events.length === 0 && <FormHelperText>{t('webhooks.choose_event')}</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" disabled={isLoading || events.length === 0 || url.trim() === ''} sx={{ justifySelf: 'start' }}>
          {t('webhooks.add')}
        </Button>
      </CardContent>
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
