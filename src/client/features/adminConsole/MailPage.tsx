import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { Pagination } from '../../lib/ui/Pagination';
import { ANY_SHOWN, dateOrDash, pageCount } from './consoleFormat';
import { Facts } from './Facts';
import { ProcessRunItem } from './ProcessesPage';

const mailEndpoint = api.endpoints.adminMail;
const mailTestEndpoint = api.endpoints.adminMailTest;

type Status = 'queued' | 'sent' | 'failed';
const STATUSES: Status[] = ['queued', 'sent', 'failed'];
const STATUS_COLORS = { queued: 'info', sent: 'success', failed: 'error' } as const;
export const MAILS_PER_PAGE = 20;

/** Sends a test email to the admin's own (verified) address, to check the SMTP settings. */
function TestMailForm() {
  const { t } = useTranslation();
  const [send, { isLoading }] = mailTestEndpoint.useMutation();
  const submit = () => { void send({ body: {} }); };
  return (
    <Card>
      <CardContent component="form" noValidate aria-labelledby="mail-test-title" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <Typography id="mail-test-title" variant="h2" component="h2">{t('admin_console.mail.test_title')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
          <Typography variant="body2" color="text.secondary">{t('admin_console.mail.test_to_help')}</Typography>
          <Button type="submit" variant="contained" disabled={isLoading} sx={{ flexShrink: 0 }}>{t('admin_console.mail.test_send')}</Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** Mail and notifications: the outbox without bodies, a test email, push subscriptions and the last reminder run. */
export default function MailPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const { data } = mailEndpoint.useQuery({ query: { ...(status ? { status } : {}), page, per_page: MAILS_PER_PAGE } });
  return (
    <Stack spacing={2}>
      <TestMailForm />
      <Card>
        <CardContent>
          <Typography variant="h2" component="h2">{t('admin_console.mail.notifications_title')}</Typography>
          {data && (
            <Facts items={[
              [t('admin_console.mail.push_subscriptions'), String(data.push.subscriptions)],
              [t('admin_console.mail.push_users'), String(data.push.users)],
            ]} />
          )}
          <Typography variant="h3" component="h3" sx={{ mt: 1, mb: 1 }}>{t('admin_console.mail.last_reminder_run')}</Typography>
          {data?.last_reminder_run
            ? <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}><ProcessRunItem run={data.last_reminder_run} /></Box>
            : data && <Typography>{t('admin_console.mail.no_reminder_run')}</Typography>}
        </CardContent>
      </Card>
      <Typography variant="h2" component="h2">{t('admin_console.mail.outbox_title')}</Typography>
      <TextField select slotProps={ANY_SHOWN} label={t('admin_console.mail.status')} value={status} sx={{ maxWidth: { sm: 320 } }}
        onChange={(event) => { setStatus(event.target.value as Status | ''); setPage(1); }}>
        <MenuItem value="">{t('admin_console.mail.any_status')}</MenuItem>
        {STATUSES.map((value) => <MenuItem key={value} value={value}>{t(`admin_console.mail.statuses.${value}`)}</MenuItem>)}
      </TextField>
      {data && data.mails.length === 0 && <Typography>{t('admin_console.mail.none')}</Typography>}
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {data?.mails.map((mail) => (
          <Paper component="li" key={mail.id} variant="outlined" sx={{ p: 1.5 }} data-testid={`mail-${mail.id}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{mail.subject}</Typography>
              <Chip size="small" variant="outlined" color={STATUS_COLORS[mail.status]} label={t(`admin_console.mail.statuses.${mail.status}`)} />
            </Stack>
            <Facts items={[
              [t('admin_console.mail.to'), mail.to],
              [t('admin_console.mail.kind'), t(`admin_console.mail.kinds.${mail.kind}`, { defaultValue: mail.kind })],
              [t('admin_console.mail.time'), dateOrDash(mail.created_at)],
            ]} />
            {mail.error && <Typography color="error" variant="body2" sx={{ overflowWrap: 'anywhere' }}>{mail.error}</Typography>}
          </Paper>
        ))}
      </Stack>
      {data && <Pagination page={page} count={pageCount(data)} onChange={setPage} label={t('admin_console.mail.pages')} />}
    </Stack>
  );
}
