import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../api/api';
import { AccountCard } from '../../lib/forms/AccountCard';
import { fieldErrors } from '../../lib/forms/formErrors';
import { checkAccount, type Errors } from '../../lib/forms/validation';

const requestResetEndpoint = api.endpoints.requestPasswordReset;

/** Asks for the reset email; the answer is the same whether the address is known or not. */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [requestReset, { isLoading, isSuccess, error }] = requestResetEndpoint.useMutation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async () => {
    const found = checkAccount(t, { email }, { email: true });
    setErrors(found);
    if (Object.keys(found).length) return;
    await requestReset({ body: { api_v1_user: { email: email.trim() }, origin: window.location.origin } });
  };

  return (
    <AccountCard title={t('account.forgot_password')} submitLabel={t('account.send_instructions')} busy={isLoading} onSubmit={() => void submit()}
      footer={<Link component={RouterLink} to="/users/sign_in">{t('account.sign_in')}</Link>}>
      {isSuccess && <Alert severity="success">{t('account.reset_sent')}</Alert>}
      <TextField label={t('account.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)}
        error={!!(errors.email ?? fieldErrors(error, 'email'))} helperText={errors.email ?? fieldErrors(error, 'email')} />
    </AccountCard>
  );
}
