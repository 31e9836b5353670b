import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { pushRoutes } from '../../../shared/api/routes/push';
import { pushHandlers } from './pushRoutes';
import { pushUserData } from './pushUserData';

export const pushFeature: FeatureManifest = {
  name: 'push',
  register(app, deps) {
    registerRoutes(app, pushRoutes, pushHandlers(deps));
  },
  userData: pushUserData,
};
