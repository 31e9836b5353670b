import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { leagueRoutes } from '../../../shared/api/routes/leagues';
import { leagueHandlers } from './leaguesRoutes';
import { leaguesUserData } from './leaguesUserData';

export const leaguesFeature: FeatureManifest = {
  name: 'leagues',
  register(app, deps) {
    registerRoutes(app, leagueRoutes, leagueHandlers(deps));
  },
  userData: leaguesUserData,
};
