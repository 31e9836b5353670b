import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../api/store/hooks';
import { api } from '../../api/api';
import { base64UrlToBytes, pushSupported } from './push';

type SubscriptionBody = { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
const subscriptionJson = (subscription: PushSubscription) => subscription.toJSON() as SubscriptionBody;

const subscribeEndpoint = api.endpoints.subscribe;
const unsubscribeEndpoint = api.endpoints.unsubscribe;

/** Push reminders on or off for this device; on any failure the switch goes back. */
export function PushSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void navigator.serviceWorker.ready
      .then((registration) => registration.pushManager.getSubscription())
      .then((subscription) => { if (live) setChecked(!!subscription); })
      .catch(() => undefined);
    return () => { live = false; };
  }, []);

  const toggle = async (next: boolean) => {
    setChecked(next);
    setBusy(true);
    try {
      const registration = await navigator.serviceWorker.ready;
      if (next) {
        const { public_key: key } = await dispatch(api.endpoints.pushPublicKey.initiate()).unwrap();
        const subscription = await registration.pushManager.subscribe({
          userVisibleOnly: true, ...(key ? { applicationServerKey: base64UrlToBytes(key) } : {}),
        });
        await dispatch(subscribeEndpoint.initiate({ body: { subscription: subscriptionJson(subscription) } })).unwrap();
      } else {
        const subscription = await registration.pushManager.getSubscription();
        if (subscription) {
          await dispatch(unsubscribeEndpoint.initiate({ body: { subscription: subscriptionJson(subscription) } })).unwrap();
          await subscription.unsubscribe();
        }
      }
    } catch {
      setChecked(!next);
    } finally {
      setBusy(false);
    }
  };

  if (!pushSupported()) return null;
  return (
    <FormControlLabel
      sx={{ px: 2 }}
      control={<Switch checked={checked} disabled={busy} onChange={(event) => void toggle(event.target.checked)} />}
      label={t('shell.notify_pending_results')}
    />
  );
}
