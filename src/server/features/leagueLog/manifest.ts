import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { leagueLogRoutes } from '../../../shared/api/routes/leagueLog';
import { leagueLogHandlers } from './leagueLogRoutes';

export const leagueLogFeature: FeatureManifest = {
  name: 'leagueLog',
  register(app, deps) {
    registerRoutes(app, leagueLogRoutes, leagueLogHandlers(deps));
  },
};
