import { pushRoutes } from '../../../shared/api/routes/push';
import type { AppDeps } from '../../deps';
import type { RouteHandlers } from '../../http/registerRoutes';
import { deleteSubscription, saveSubscription } from './pushRepository';
import { loadVapidKeys } from './vapidKeys';

export function pushHandlers(deps: AppDeps): RouteHandlers<typeof pushRoutes> {
  return {
    pushPublicKey: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { public_key: (await loadVapidKeys(deps.db)).publicKey };
    },
    subscribe: async ({ body, user, req }) => {
      const { endpoint, keys } = body.subscription;
      await saveSubscription(deps.db, user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, deps.clock.now());
      return { message: req.t('success.subscribed') };
    },
    unsubscribe: async ({ body, user, req }) => {
      await deleteSubscription(deps.db, user.id, body.subscription.endpoint);
      return { message: req.t('success.unsubscribed') };
    },
  };
}
