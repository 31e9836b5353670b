import type { FeatureManifest } from '../../domain/manifest/featureManifest';
import { registerRoutes } from '../../platform/http/registerRoutes';
import { invitationRoutes } from '../../../shared/api/routes/invitations';
import { invitationPreviewRoutes } from '../../../shared/api/routes/invitationPreview';
import { invitationHandlers } from './invitationsRoutes';
import { invitationPreviewHandlers } from './invitationPreviewRoutes';
import { invitationsUserData } from './invitationsUserData';

export const invitationsFeature: FeatureManifest = {
  name: 'invitations',
  register(app, deps) {
    registerRoutes(app, invitationRoutes, invitationHandlers(deps));
    registerRoutes(app, invitationPreviewRoutes, invitationPreviewHandlers(deps));
  },
  userData: invitationsUserData,
};
