import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { tableRoutes } from '../../../shared/api/routes/tables';
import { tableHandlers } from './tablesRoutes';

export const tablesFeature: FeatureManifest = {
  name: 'tables',
  register(app, deps) {
    registerRoutes(app, tableRoutes, tableHandlers(deps));
  },
};
