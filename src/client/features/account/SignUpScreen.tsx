import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { currentLocale } from '../../lib/i18n/i18n';
import { api } from '../../api/api';
import { PASSWORD_MIN_LENGTH } from '../../../shared/api/routes/accounts';
import { AccountCard } from '../../lib/forms/AccountCard';
import { fieldErrors } from '../../lib/forms/formErrors';
import { checkAccount, type Errors } from '../../lib/forms/validation';

const signUpEndpoint = api.endpoints.signUp;

export default function SignUpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [signUp, { isLoading, error }] = signUpEndpoint.useMutation();
  const [values, setValues] = useState({ name: '', email: '', password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const message = (field: string) => errors[field] ?? fieldErrors(error, field);

  const submit = async () => {
    const found = checkAccount(t, values, { name: true, email: true, password: true });
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await signUp({ body: { api_v1_user: { ...values, name: values.name.trim(), email: values.email.trim(), locale: currentLocale() } } });
    if ('error' in result && result.error) return;
    navigate('/', { replace: true });
  };

  return (
    <AccountCard title={t('account.sign_up')} submitLabel={t('account.sign_up')} busy={isLoading} onSubmit={() => void submit()}
      footer={<Link component={RouterLink} to="/users/sign_in">{t('account.have_account')}</Link>}>
      <TextField label={t('account.name')} autoComplete="name" value={values.name} onChange={set('name')} error={!!message('name')} helperText={message('name')} />
      <TextField label={t('account.email')} type="email" autoComplete="email" value={values.email} onChange={set('email')} error={!!message('email')} helperText={message('email')} />
      <TextField label={t('account.password')} type="password" autoComplete="new-password" value={values.password} onChange={set('password')}
        error={!!message('password')} helperText={message('password') ?? t('validation.min_chars', { count: PASSWORD_MIN_LENGTH })} />
      <TextField label={t('account.password_confirmation')} type="password" autoComplete="new-password" value={values.password_confirmation}
        onChange={set('password_confirmation')} error={!!message('password_confirmation')} helperText={message('password_confirmation')} />
    </AccountCard>
  );
}
