import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { alertRoutes } from '../../../shared/api/routes/alerts';
import { alertHandlers } from './alertsRoutes';

export const alertsFeature: FeatureManifest = {
  name: 'alerts',
  register(app, deps) {
    registerRoutes(app, alertRoutes, alertHandlers(deps));
  },
};
