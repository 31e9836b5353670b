import type { Static } from 'typebox';
import type { PushSubscription } from '../../../shared/api/routes/push';
import type { AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors/errors';
import { isAllowedPushEndpoint } from '../../platform/push/pushEndpoint';
import { deleteSubscription, lockSubscriptionsOf, saveSubscription, trimSubscriptions } from '../../platform/push/pushRepository';
import { loadVapidKeys } from '../../platform/push/vapidKeys';

/** A user's devices beyond this many lose their oldest subscription (each one is a delivery per reminder). */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export async function publicKey(deps: AppDeps): Promise<string> {
  return (await loadVapidKeys(deps.db)).publicKey;
}

/**
 * A device (browser profile) of the user; several per user, one row per endpoint. The endpoint must be on a
 * known push service (config.pushAllowedHosts): the server later POSTs to it.
 */
export async function subscribeDevice(deps: AppDeps, userId: number, subscription: Static<typeof PushSubscription>): Promise<void> {
  const { endpoint, keys } = subscription;
  if (!isAllowedPushEndpoint(endpoint, deps.config.pushAllowedHosts)) throw badRequest('errors.push_endpoint_not_allowed');
  await deps.db.transaction().execute(async (trx) => {
    await lockSubscriptionsOf(trx, deps.dialect, userId);
    await saveSubscription(trx, userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, deps.clock.now());
    await trimSubscriptions(trx, userId, MAX_SUBSCRIPTIONS_PER_USER);
  });
}

/** Only the caller's own device: an endpoint another account holds is left alone. */
export async function unsubscribeDevice(deps: AppDeps, userId: number, endpoint: string): Promise<void> {
  await deleteSubscription(deps.db, userId, endpoint);
}
