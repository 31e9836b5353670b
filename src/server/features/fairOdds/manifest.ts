import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { fairOddsRoutes } from '../../../shared/api/routes/fairOdds';
import { fairOddsHandlers } from './fairOddsRoutes';

export const fairOddsFeature: FeatureManifest = {
  name: 'fairOdds',
  register(app, deps) {
    registerRoutes(app, fairOddsRoutes, fairOddsHandlers(deps));
  },
};
