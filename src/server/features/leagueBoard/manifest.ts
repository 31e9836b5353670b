import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { leagueBoardRoutes } from '../../../shared/api/routes/leagueBoard';
import { leagueBoardHandlers } from './leagueBoardRoutes';
import { leagueBoardUserData } from './leagueBoardUserData';

export const leagueBoardFeature: FeatureManifest = {
  name: 'leagueBoard',
  register(app, deps) {
    registerRoutes(app, leagueBoardRoutes, leagueBoardHandlers(deps));
  },
  userData: leagueBoardUserData,
};
