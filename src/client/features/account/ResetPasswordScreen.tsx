import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/api';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/routes/accounts';
import { AccountCard } from '../../lib/forms/AccountCard';
import { fieldErrors } from '../../lib/forms/formErrors';
import { checkAccount, type Errors } from '../../lib/forms/validation';

const resetEndpoint = api.endpoints.resetPassword;

/** The emailed link lands here with ?reset_password_token=...; a successful reset signs the user in. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [reset, { isLoading, error }] = resetEndpoint.useMutation();
  const [values, setValues] = useState({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const message = (field: string) => errors[field] ?? fieldErrors(error, field);

  const submit = async () => {
    const found = checkAccount(t, values, { password: true });
    setErrors(found);
    if (Object.keys(found).length) return;
    const token = search.get('reset_password_token') ?? '';
    const result = await reset({ body: { api_v1_user: { ...values, reset_password_token: token } } });
    if ('error' in result && result.error) return;
    navigate('/', { replace: true });
  };

  return (
    <AccountCard title={t('account.reset_password')} submitLabel={t('account.change_password')} busy={isLoading} onSubmit={() => void submit()}>
      {fieldErrors(error, 'reset_password_token') && <TextField disabled label={t('account.reset_token')} error helperText={fieldErrors(error, 'reset_password_token')} />}
      <TextField label={t('account.new_password')} type="password" autoComplete="new-password" value={values.password}
        onChange={(e) => setValues({ ...values, password: e.target.value })} error={!!message('password')} helperText={message('password') ?? t('validation.min_chars', { count: PASSWORD_MIN_LENGTH })} />
      <TextField label={t('account.password_confirmation')} type="password" autoComplete="new-password" value={values.password_confirmation}
        onChange={(e) => setValues({ ...values, password_confirmation: e.target.value })} error={!!message('password_confirmation')} helperText={message('password_confirmation')} />
    </AccountCard>
  );
}
