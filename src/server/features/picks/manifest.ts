import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { roundBetRoutes } from '../../../shared/api/routes/roundBets';
import { personBetRoutes } from '../../../shared/api/routes/personBets';
import { roundBetHandlers } from './roundBetsRoutes';
import { personBetHandlers } from './personBetsRoutes';
import { picksUserData } from './picksUserData';

export const picksFeature: FeatureManifest = {
  name: 'picks',
  register(app, deps) {
    registerRoutes(app, roundBetRoutes, roundBetHandlers(deps));
    registerRoutes(app, personBetRoutes, personBetHandlers(deps));
  },
  userData: picksUserData,
};
