import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../api/store/hooks';
import { api } from '../../api/api';
import { redirectRequested } from '../../lib/navigation/navigationSlice';
import { AccountCard } from '../../lib/forms/AccountCard';
import { CalendarFeedCard } from './CalendarFeedCard';
import { MyDataCard } from './MyDataCard';
import { fieldErrors } from '../../lib/forms/formErrors';
import { useSession } from '../../api/session';
import { checkAccount, type Errors } from '../../lib/forms/validation';

const updateAccountEndpoint = api.endpoints.updateAccount;
const deleteAccountEndpoint = api.endpoints.deleteAccount;

/** Profile and account: the current password confirms every change; a blank new password keeps the old one. */
export default function EditAccountScreen() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { user } = useSession();
  const [update, { isLoading, error }] = updateAccountEndpoint.useMutation();
  const [remove, removal] = deleteAccountEndpoint.useMutation();
  const [values, setValues] = useState({ name: '', email: '', password: '', password_confirmation: '', current_password: '' });
  const [reminders, setReminders] = useState(false);
  // Shown as "show me in the overall rankings": the account keeps the opposite, ranking_hidden.
  const [rankingVisible, setRankingVisible] = useState(true);
  const [revokeTokens, setRevokeTokens] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const [deletePassword, setDeletePassword] = useState('');

  useEffect(() => {
    setValues((was) => ({ ...was, name: user.name ?? '', email: user.email ?? '' }));
    setReminders(user.email_reminders === true);
    setRankingVisible(user.ranking_hidden !== true);
  }, [user.name, user.email, user.email_reminders, user.ranking_hidden]);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const message = (field: string) => errors[field] ?? fieldErrors(error, field);

  const submit = async () => {
    const found = checkAccount(t, values, { name: true, email: true, current_password: true });
    setErrors(found);
    if (Object.keys(found).length) return;
    const { password, password_confirmation, ...rest } = values;
    const account = {
      ...rest, name: rest.name.trim(), email: rest.email.trim(), email_reminders: reminders, ranking_hidden: !rankingVisible,
      ...(password ? { password, password_confirmation } : {}), ...(revokeTokens && { revoke_api_tokens: true }),
    };
    const result = await update({ body: { api_v1_user: account } });
    if ('error' in result && result.error) return;
    setValues((was) => ({ ...was, password: '', password_confirmation: '', current_password: '' }));
    setRevokeTokens(false);
  };

  const deleteAccount = async () => {
    if (!deletePassword) return;
    const result = await remove({ body: { api_v1_user: { current_password: deletePassword } } });
    if ('error' in result && result.error) return;
    setConfirming(false);
    // Through the shell: this screen may already be gone (signed-in only) when the session ends.
    dispatch(redirectRequested('/'));
  };

  return (
    <>
      <AccountCard title={t('account.edit')} submitLabel={t('account.save')} busy={isLoading} onSubmit={() => void submit()}
        footer={<>
          <Divider />
          <Typography variant="h3" component="h2">{t('account.delete_account')}</Typography>
          <Typography variant="body2">{t('account.delete_account_warning')}</Typography>
          <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>{t('account.delete_account')}</Button>
        </>}>
        <TextField label={t('account.name')} value={values.name} onChange={set('name')} error={!!message('name')} helperText={message('name')} />
        <TextField label={t('account.email')} type="email" value={values.email} onChange={set('email')} error={!!message('email')} helperText={message('email')} />
        <TextField label={t('account.new_password')} type="password" autoComplete="new-password" value={values.password} onChange={set('password')}
          error={!!message('password')} helperText={message('password') ?? t('account.leave_blank')} />
        <TextField label={t('account.password_confirmation')} type="password" autoComplete="new-password" value={values.password_confirmation}
          onChange={set('password_confirmation')} error={!!message('password_confirmation')} helperText={message('password_confirmation')} />
        <FormControlLabel control={<Checkbox checked={revokeTokens} onChange={(e) => setRevokeTokens(e.target.checked)} />} label={t('account.revoke_api_tokens')} />
        <TextField label={t('account.current_password')} type="password" autoComplete="current-password" value={values.current_password}
          onChange={set('current_password')} error={!!message('current_password')} helperText={message('current_password') ?? t('account.current_password_hint')} />
        <FormControlLabel control={<Checkbox checked={reminders} onChange={(e) => setReminders(e.target.checked)} />} label={t('account.email_reminders')} />
        <div>
          <FormControlLabel label={t('account.ranking_visible')}
            control={<Switch checked={rankingVisible} onChange={(e) => setRankingVisible(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'ranking-visible-help' } }} />} />
          <FormHelperText id="ranking-visible-help" sx={{ mt: 0 }}>{t('account.ranking_visible_help')}</FormHelperText>
        </div>
      </AccountCard>
      <CalendarFeedCard />
      <MyDataCard />
      <Button component={RouterLink} to="/users/api_tokens" sx={{ display: 'flex', maxWidth: 480, mx: 'auto', mt: 2 }}>{t('api_tokens.open')}</Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-account-title">
        <DialogTitle id="delete-account-title">{t('account.delete_account')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('account.delete_account_confirm')}</DialogContentText>
          <TextField label={t('account.current_password')} type="password" value={deletePassword} onChange={(e) => setDeletePassword(e.target.value)}
            error={!!fieldErrors(removal.error, 'current_password')} helperText={fieldErrors(removal.error, 'current_password')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
          <Button color="error" variant="contained" disabled={!deletePassword || removal.isLoading} onClick={() => void deleteAccount()}>
            {t('account.delete_account_button')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
