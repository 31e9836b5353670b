import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { userRoutes } from '../../../shared/api/routes/users';
import { userHandlers } from './usersRoutes';

export const usersFeature: FeatureManifest = {
  name: 'users',
  register(app, deps) {
    registerRoutes(app, userRoutes, userHandlers(deps));
  },
};
