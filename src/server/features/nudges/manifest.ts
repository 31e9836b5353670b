import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { nudgeRoutes } from '../../../shared/api/routes/nudges';
import { nudgeHandlers } from './nudgesRoutes';
import { nudgesUserData } from './nudgesUserData';

export const nudgesFeature: FeatureManifest = {
  name: 'nudges',
  register(app, deps) {
    registerRoutes(app, nudgeRoutes, nudgeHandlers(deps));
  },
  userData: nudgesUserData,
};
