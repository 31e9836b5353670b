import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { accountRoutes } from '../../../shared/api/routes/accounts';
import { adminUserRoutes } from '../../../shared/api/routes/adminUsers';
import { accountHandlers } from './accountsRoutes';
import { adminUserHandlers } from './adminUsersRoutes';
import { accountsUserData } from './accountsUserData';

export const accountsFeature: FeatureManifest = {
  name: 'accounts',
  register(app, deps, context) {
    registerRoutes(app, accountRoutes, accountHandlers(deps, context.userDataSections));
    registerRoutes(app, adminUserRoutes, adminUserHandlers(deps));
  },
  userData: accountsUserData,
};
