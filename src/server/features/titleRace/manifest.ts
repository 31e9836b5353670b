import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { titleRaceRoutes } from '../../../shared/api/routes/titleRace';
import { titleRaceHandlers } from './titleRaceRoutes';

export const titleRaceFeature: FeatureManifest = {
  name: 'titleRace',
  register(app, deps) {
    registerRoutes(app, titleRaceRoutes, titleRaceHandlers(deps));
  },
};
