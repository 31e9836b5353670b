import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { dataExportRoutes } from '../../../shared/api/routes/dataExport';
import { dataExportHandlers } from './dataExportRoutes';

export const dataExportFeature: FeatureManifest = {
  name: 'dataExport',
  register(app, deps, context) {
    registerRoutes(app, dataExportRoutes, dataExportHandlers(deps, context.userDataSections));
  },
};
