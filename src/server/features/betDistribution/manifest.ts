import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { betDistributionRoutes } from '../../../shared/api/routes/betDistribution';
import { betDistributionHandlers } from './distributionRoutes';

export const betDistributionFeature: FeatureManifest = {
  name: 'betDistribution',
  register(app, deps) {
    registerRoutes(app, betDistributionRoutes, betDistributionHandlers(deps));
  },
};
