import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { api } from '../../api/api';
import { useSession } from '../../api/session';
import { VerifyEmailBanner } from '../../api/widgets/VerifyEmailBanner';
import { useContinueAfterVerification } from './continueAfterVerification';

const verifyEndpoint = api.endpoints.verifyEmail;

type State = 'verifying' | 'verified' | 'already' | 'invalid';

/**
 * /verify_email?token=...: where the emailed link lands. The token is posted once; the page then says whether the
 * address is confirmed, was already confirmed (a second click on a link that did its job), or the link is dead
 * (expired, used, or for an address changed since), with a way to get a new one: resend when signed in, sign in
 * otherwise. A link that carries `next` (sign-up from an invitation)
 * continues there once the address is confirmed (continueAfterVerification.ts).
 */
export default function VerifyEmailScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const session = useSession();
  const [verify] = verifyEndpoint.useMutation();
  const [state, setState] = useState<State>('verifying');
  // The token is single use: post it once, even when React runs effects twice.
  const posted = useRef(false);

  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    const token = search.get('token');
    if (!token) {
      setState('invalid');
      return;
    }
    void verify({ body: { token } }).then((result) => {
      if ('error' in result && result.error) setState('invalid');
      else setState(result.data?.already_verified ? 'already' : 'verified');
    });
  }, [search, verify]);

  // A link used up earlier (a second click, a mail scanner) is no bad news when the address is confirmed anyway.
  const already = state === 'already' || (state === 'invalid' && session.signedIn && session.user.email_verified === true);
  const confirmed = state === 'verified' || already;
  const next = search.get('next');
  const onward = useContinueAfterVerification(next, confirmed);
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto' }}>
      <CardContent>
        <Typography variant="h1" component="h1" gutterBottom>{t('account.verify_email_title')}</Typography>
        {state === 'verifying' && <Typography role="status"><CircularProgress size={16} sx={{ mr: 1 }} />{t('account.verifying_email')}</Typography>}
        {confirmed && <Alert severity="success">{t(already ? 'account.email_already_verified' : 'account.email_verified')}</Alert>}
        {onward.refusal && <Alert severity="error" sx={{ mt: 2 }}>{onward.refusal}</Alert>}
        {!confirmed && state === 'invalid' && <Alert severity="error" sx={{ mb: 2 }}>{t('account.verification_link_invalid')}</Alert>}
        {!confirmed && state === 'invalid' && session.signedIn && session.user.email
          && <VerifyEmailBanner email={session.user.email} />}
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        {!confirmed && state === 'invalid' && session.known && !session.signedIn
          ? <Button component={RouterLink} to="/users/sign_in" variant="contained">{t('account.verification_sign_in')}</Button>
          : state !== 'verifying' && !onward.continuing && (confirmed && !session.signedIn && onward.signInPath
            ? <Button component={RouterLink} to={onward.signInPath} variant="contained">{t('shell.sign_in')}</Button>
            : <Button component={RouterLink} to="/" variant="contained">{t('account.continue')}</Button>)}
      </CardActions>
    </Card>
  );
}
