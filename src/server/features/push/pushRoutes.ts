import { pushRoutes } from '../../../shared/api/routes/push';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { publicKey, subscribeDevice, unsubscribeDevice } from './pushService';

export function pushHandlers(deps: AppDeps): RouteHandlers<typeof pushRoutes> {
  return {
    pushPublicKey: async ({ reply }) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { public_key: await publicKey(deps) };
    },
    subscribe: async ({ body, user, req }) => {
      await subscribeDevice(deps, user.id, body.subscription);
      return { message: req.t('success.subscribed') };
    },
    unsubscribe: async ({ body, user, req }) => {
      await unsubscribeDevice(deps, user.id, body.subscription.endpoint);
      return { message: req.t('success.unsubscribed') };
    },
  };
}
