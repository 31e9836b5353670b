import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { overallRankingRoutes } from '../../../shared/api/routes/overallRanking';
import { overallRankingHandlers } from './overallRankingRoutes';

export const overallRankingFeature: FeatureManifest = {
  name: 'overallRanking',
  register(app, deps) {
    registerRoutes(app, overallRankingRoutes, overallRankingHandlers(deps));
  },
};
