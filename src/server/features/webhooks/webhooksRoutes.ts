import { webhookRoutes } from '../../../shared/api/routes/webhooks';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { createWebhook, listWebhooks, removeWebhook, testWebhook } from './webhooksService';

export function webhookHandlers(deps: AppDeps): RouteHandlers<typeof webhookRoutes> {
  return {
    webhookCreate: async ({ user, body, req }) => ({ message: req.t('success.webhook_created'), ...(await createWebhook(deps, user, body)) }),
    webhookIndex: async ({ user, params }) => listWebhooks(deps, user, params.league_id),
    webhookDelete: async ({ user, params, req }) => {
      await removeWebhook(deps, user, params.league_id, params.id);
      return { message: req.t('success.webhook_deleted') };
    },
    webhookTest: async ({ user, params, req }) => {
      await testWebhook(deps, user, params.league_id, params.id);
      return { message: req.t('success.webhook_test_queued') };
    },
  };
}
