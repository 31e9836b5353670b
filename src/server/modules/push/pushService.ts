import type { Static } from 'typebox';
import type { PushSubscription } from '../../../shared/api/routes/push';
import type { AppDeps } from '../../deps';
import { deleteSubscription, saveSubscription } from './pushRepository';
import { loadVapidKeys } from './vapidKeys';

export async function publicKey(deps: AppDeps): Promise<string> {
  return (await loadVapidKeys(deps.db)).publicKey;
}

/** A device (browser profile) of the user; several per user, one row per endpoint. */
export async function subscribeDevice(deps: AppDeps, userId: number, subscription: Static<typeof PushSubscription>): Promise<void> {
  const { endpoint, keys } = subscription;
  await saveSubscription(deps.db, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, deps.clock.now());
}

/** Only the caller's own device: an endpoint another account holds is left alone. */
export async function unsubscribeDevice(deps: AppDeps, userId: number, endpoint: string): Promise<void> {
  await deleteSubscription(deps.db, userId, endpoint);
}
