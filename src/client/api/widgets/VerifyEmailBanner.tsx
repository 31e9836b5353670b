import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { api } from '../api';

const resendEndpoint = api.endpoints.resendVerification;

/**
 * Shown above every screen while the signed-in user's address is unverified: league invitations
 * addressed to it can be accepted only once it is confirmed. Resending is a tracked process (snackbar).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  const [resend, { isLoading }] = resendEndpoint.useMutation();
  const send = () => { void resend(); };
  return (
    <Alert severity="warning" data-testid="verify-email-banner"
      // A long address wraps instead of scrolling the message sideways on a phone.
      sx={{ mb: 2, flexWrap: 'wrap', '& .MuiAlert-message': { minWidth: 0, overflow: 'visible', overflowWrap: 'anywhere' } }}
      action={<Button color="inherit" size="small" disabled={isLoading} onClick={() => void send()}>{t('account.resend_verification')}</Button>}>
      {t('account.verify_email_banner', { email })}
    </Alert>
  );
}
