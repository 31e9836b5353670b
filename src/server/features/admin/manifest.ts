import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { adminCompetitionRoutes } from '../../../shared/api/routes/adminCompetitions';
import { adminOperationRoutes } from '../../../shared/api/routes/adminOperations';
import { adminCompetitionHandlers } from './adminCompetitionsRoutes';
import { adminOperationHandlers } from './adminOperationsRoutes';

export const adminFeature: FeatureManifest = {
  name: 'admin',
  register(app, deps) {
    registerRoutes(app, adminCompetitionRoutes, adminCompetitionHandlers(deps));
    registerRoutes(app, adminOperationRoutes, adminOperationHandlers(deps));
  },
};
