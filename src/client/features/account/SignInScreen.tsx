import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../api/store/hooks';
import { api } from '../../api/api';
import { AccountCard } from '../../lib/forms/AccountCard';
import { fieldErrors } from '../../lib/forms/formErrors';
import { rememberSession } from './rememberMe';
import { currentUserEndpoint } from '../../api/session';
import { checkAccount, type Errors } from '../../lib/forms/validation';

const signInEndpoint = api.endpoints.signIn;

/** Only paths of this app: a redirect never leaves the site. */
export const safeRedirect = (value: string | null): string => (value && value.startsWith('/') && !value.startsWith('//') ? value : '/');

export default function SignInScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [search] = useSearchParams();
  const [signIn, { isLoading, error }] = signInEndpoint.useMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<Errors>({});

  const submit = async () => {
    // Sign-in checks presence only: the length rule is for choosing a password.
    const found = { ...checkAccount(t, { email }, { email: true }), ...(password ? {} : { password: t('validation.blank') }) };
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await signIn({ body: { api_v1_user: { email: email.trim(), password, remember_me: remember } } });
    if ('error' in result && result.error) return;
    rememberSession(remember);
    // Wait for the signed-in user before going back, or a signed-in-only page would still see a visitor.
    await dispatch(currentUserEndpoint.initiate(undefined, { subscribe: false, forceRefetch: true }));
    navigate(safeRedirect(search.get('redirect')), { replace: true });
  };

  return (
    <AccountCard
      title={t('account.sign_in')} submitLabel={t('account.sign_in')} busy={isLoading} onSubmit={() => void submit()}
      footer={<>
        <Link component={RouterLink} to="/users/sign_up">{t('account.no_account')}</Link>
        <Link component={RouterLink} to="/users/password/new">{t('account.forgot_password')}</Link>
      </>}
    >
      <TextField label={t('account.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)}
        error={!!(errors.email || fieldErrors(error, 'email'))} helperText={errors.email ?? fieldErrors(error, 'email')} />
      <TextField label={t('account.password')} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
        error={!!(errors.password || fieldErrors(error, 'password'))} helperText={errors.password ?? fieldErrors(error, 'password')} />
      <FormControlLabel control={<Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} />} label={t('account.remember_me')} />
    </AccountCard>
  );
}
