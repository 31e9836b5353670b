import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { installLiveRoutes } from './liveRoutes';

export const liveFeature: FeatureManifest = {
  name: 'live',
  register(app, deps) {
    installLiveRoutes(app, deps);
  },
};
