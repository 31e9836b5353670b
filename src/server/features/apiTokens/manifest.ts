import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { apiTokenRoutes } from '../../../shared/api/routes/apiTokens';
import { apiTokenHandlers } from './apiTokensRoutes';
import { apiTokensUserData } from './apiTokensUserData';

export const apiTokensFeature: FeatureManifest = {
  name: 'apiTokens',
  register(app, deps) {
    registerRoutes(app, apiTokenRoutes, apiTokenHandlers(deps));
  },
  userData: apiTokensUserData,
};
