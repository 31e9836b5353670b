import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { webhookRoutes } from '../../../shared/api/routes/webhooks';
import { webhookHandlers } from './webhooksRoutes';
import { webhooksUserData } from './webhooksUserData';
import { webhookJobs } from './webhookJobs';

export const webhooksFeature: FeatureManifest = {
  name: 'webhooks',
  register(app, deps) {
    registerRoutes(app, webhookRoutes, webhookHandlers(deps));
  },
  userData: webhooksUserData,
  jobs: (deps, options) => (options.webhooksEverySeconds ? webhookJobs(deps, options.webhooksEverySeconds * 1000) : []),
};
