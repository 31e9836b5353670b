import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { headToHeadRoutes } from '../../../shared/api/routes/headToHead';
import { headToHeadHandlers } from './headToHeadRoutes';

export const headToHeadFeature: FeatureManifest = {
  name: 'headToHead',
  register(app, deps) {
    registerRoutes(app, headToHeadRoutes, headToHeadHandlers(deps));
  },
};
