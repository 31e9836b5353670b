import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { Static } from 'typebox';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../../api/api';
import { currentUserEndpoint } from '../../../api/session';
import { useAppDispatch } from '../../../api/store/hooks';
import { currentLocale } from '../../../lib/i18n/i18n';
import { fieldErrors } from '../../../lib/forms/formErrors';
import { checkAccount, type Errors } from '../../../lib/forms/validation';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/api/routes/accounts';
import type { InvitationPreview } from '../../../../shared/api/routes/invitationPreview';
import { InvitationRules } from './InvitationRules';

type Preview = Static<typeof InvitationPreview>;

const signUpEndpoint = api.endpoints.signUp;

/** Who invites to what, in the league's words: the heading and facts every invitation page starts with. */
function InvitationHeader({ preview }: { preview: Preview }) {
  const { t } = useTranslation();
  const { league } = preview;
  return (
    <>
      <Typography variant="h1" component="h1" gutterBottom>
        {preview.inviter_name
          ? t('invitation.landing_title', { inviter: preview.inviter_name, league: league.name })
          : t('invitation.landing_title_anonymous', { league: league.name })}
      </Typography>
      <Typography color="text.secondary">
        {t('invitation.league_facts', { competition: league.competition_name, count: league.members_count })}
      </Typography>
      <InvitationRules rules={preview.rules} />
    </>
  );
}

/**
 * What a visitor sees on an invitation link: the league, then sign-up with the invited address filled in (or
 * sign-in first when an account has it). Signing up keeps the invitation's page as the verification link's next
 * step, so confirming the address ends in the league.
 */
export function InvitationLanding({ preview, path }: { preview: Preview; path: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [signUp, { isLoading, error }] = signUpEndpoint.useMutation();
  const [values, setValues] = useState({ name: '', email: preview.email, password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [signUpFirst, setSignUpFirst] = useState(!preview.has_account);
  const signInPath = `/users/sign_in?redirect=${encodeURIComponent(path)}`;
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const message = (field: string) => errors[field] ?? fieldErrors(error, field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkAccount(t, values, { name: true, email: true, password: true });
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await signUp({ body: {
      api_v1_user: { name: values.name.trim(), email: values.email.trim(), password: values.password, locale: currentLocale() },
      next: path,
    } });
    if ('error' in result && result.error) return;
    // The page turns into "check your mailbox" once the session knows the new account.
    await dispatch(currentUserEndpoint.initiate(undefined, { subscribe: false, forceRefetch: true }));
  };

  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <InvitationHeader preview={preview} />
        {signUpFirst
          ? (
            <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 2, mt: 1 }}>
              <Typography variant="h2" component="h2">{t('invitation.sign_up_to_join')}</Typography>
              <TextField label={t('account.name')} autoComplete="name" value={values.name} onChange={set('name')}
                error={!!message('name')} helperText={message('name')} />
              <TextField label={t('account.email')} type="email" autoComplete="email" value={values.email} onChange={set('email')}
                error={!!message('email')} helperText={message('email')} />
              <TextField label={t('account.password')} type="password" autoComplete="new-password" value={values.password} onChange={set('password')}
                error={!!message('password')} helperText={message('password') ?? t('validation.min_chars', { count: PASSWORD_MIN_LENGTH })} />
              <Button type="submit" variant="contained" disabled={isLoading} fullWidth>{t('invitation.sign_up_and_join')}</Button>
              <Link component={RouterLink} to={signInPath}>{t('invitation.have_account')}</Link>
            </Box>
          )
          : (
            <Box sx={{ display: 'grid', gap: 2, mt: 1 }}>
              <Alert severity="info">{t('invitation.sign_in_to_join', { email: preview.email })}</Alert>
              <Button component={RouterLink} to={signInPath} variant="contained" fullWidth>{t('invitation.sign_in_and_join')}</Button>
              <Link component="button" type="button" onClick={() => setSignUpFirst(true)} sx={{ justifySelf: 'start' }}>{t('invitation.no_account')}</Link>
            </Box>
          )}
      </CardContent>
    </Card>
  );
}

/** A signed-in newcomer whose address is not confirmed yet: the invitation waits for the emailed link. */
export function InvitationAwaitingVerification({ preview, email }: { preview: Preview; email: string }) {
  const { t } = useTranslation();
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <InvitationHeader preview={preview} />
        <Typography variant="h2" component="h2" sx={{ mt: 1 }}>{t('invitation.check_mailbox_title')}</Typography>
        <Typography>{t('invitation.check_mailbox', { email, league: preview.league.name })}</Typography>
      </CardContent>
    </Card>
  );
}
