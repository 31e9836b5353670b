import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { competitionRoutes } from '../../../shared/api/routes/competitions';
import { referenceRoutes } from '../../../shared/api/routes/reference';
import { competitionHandlers } from './competitionsRoutes';
import { referenceHandlers } from './referenceRoutes';

export const referenceFeature: FeatureManifest = {
  name: 'reference',
  register(app, deps) {
    registerRoutes(app, competitionRoutes, competitionHandlers(deps));
    registerRoutes(app, referenceRoutes, referenceHandlers(deps));
  },
};
