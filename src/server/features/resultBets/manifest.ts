import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { resultBetRoutes } from '../../../shared/api/routes/resultBets';
import { lateEntryRoutes } from '../../../shared/api/routes/lateEntry';
import { resultBetHandlers } from './resultBetsRoutes';
import { lateEntryHandlers } from './lateEntryRoutes';
import { resultBetsUserData } from './resultBetsUserData';

export const resultBetsFeature: FeatureManifest = {
  name: 'resultBets',
  register(app, deps) {
    registerRoutes(app, resultBetRoutes, resultBetHandlers(deps));
    registerRoutes(app, lateEntryRoutes, lateEntryHandlers(deps));
  },
  userData: resultBetsUserData,
};
