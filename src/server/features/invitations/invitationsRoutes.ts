import { invitationRoutes } from '../../../shared/api/routes/invitations';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import {
  dismissInvitation, invitationsOfLeague, invite, myInvitations, userMessages, withdrawInvitation,
} from './invitationsService';

export function invitationHandlers(deps: AppDeps): RouteHandlers<typeof invitationRoutes> {
  return {
    invitationCreate: async ({ user, body, req }) => ({
      message: req.t('success.invitation_sent'),
      invitation: await invite(deps, user, req.locale, body.league_id, body.email, body.message),
    }),
    invitationsOfLeague: async ({ user, params }) => invitationsOfLeague(deps, user, params.id),
    invitationsMine: async ({ user }) => myInvitations(deps, user),
    invitationDelete: async ({ user, params, req }) => {
      await withdrawInvitation(deps, user, params.id);
      return { message: req.t('success.invitation_deleted') };
    },
    invitationDismiss: async ({ user, params, req }) => {
      await dismissInvitation(deps, user, params.id);
      return { message: req.t('success.invitation_dismissed') };
    },
    messagesIndex: async ({ user }) => userMessages(deps, user),
  };
}
