import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/api';
import { useAppDispatch } from '../../api/store/hooks';
import { fieldErrors } from '../../lib/forms/formErrors';
import { showToast } from '../../lib/notifications/notify';

const createEndpoint = api.endpoints.apiTokenCreate;
/** How long a new token lasts: a choice of periods rather than a date, the longest a year. */
const LIFETIMES_DAYS = [7, 30, 90, 365] as const;
const DAY = 24 * 60 * 60 * 1000;

/** Creates a token (name, scope, lifetime) and shows its value once, with a copy button. */
export function NewApiTokenForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [create, { isLoading, error }] = createEndpoint.useMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'read' | 'bet'>('read');
  const [days, setDays] = useState<number>(30);
  const [blank, setBlank] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  const submit = async () => {
    setBlank(!name.trim());
    if (!name.trim()) return;
    const result = await create({ body: { name: name.trim(), scope, expires_at: new Date(Date.now() + days * DAY).toISOString() } });
    if ('error' in result && result.error) return;
    setCreated(result.data.token);
    setName('');
  };
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      showToast(dispatch, 'success', t('api_tokens.copied'));
    } catch {
      showToast(dispatch, 'error', t('api_tokens.copy_failed'));
    }
  };
  const nameError = blank ? t('validation.blank') : fieldErrors(error, 'name');

  return (
    <Box component="form" aria-label={t('api_tokens.new')} sx={{ display: 'grid', gap: 1.5 }}
      onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <TextField label={t('api_tokens.name')} value={name} onChange={(e) => setName(e.target.value)} margin="none"
        slotProps={{ htmlInput: { maxLength: 60 } }} error={!!nameError} helperText={nameError} />
      <TextField select label={t('api_tokens.scope')} value={scope} margin="none" onChange={(e) => setScope(e.target.value as 'read' | 'bet')}
        helperText={t(`api_tokens.scope_${scope}_hint`)}>
        <MenuItem value="read">{t('api_tokens.scope_read')}</MenuItem>
        <MenuItem value="bet">{t('api_tokens.scope_bet')}</MenuItem>
      </TextField>
      <TextField select label={t('api_tokens.lifetime')} value={days} margin="none" onChange={(e) => setDays(Number(e.target.value))}
        error={!!fieldErrors(error, 'expires_at')} helperText={fieldErrors(error, 'expires_at')}>
        {LIFETIMES_DAYS.map((n) => <MenuItem key={n} value={n}>{t('api_tokens.days', { count: n })}</MenuItem>)}
      </TextField>
      <Box><Button type="submit" variant="contained" disabled={isLoading}>{t('api_tokens.create')}</Button></Box>
      {created && (
        <Alert severity="warning" role="status">
          {t('api_tokens.shown_once')}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
            <TextField label={t('api_tokens.value')} value={created} margin="none" fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
            <IconButton onClick={() => void copy(created)} aria-label={t('api_tokens.copy')}><ContentCopyIcon /></IconButton>
          </Box>
        </Alert>
      )}
    </Box>
  );
}
