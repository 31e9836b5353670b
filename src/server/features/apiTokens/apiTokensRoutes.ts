import { apiTokenRoutes } from '../../../shared/api/routes/apiTokens';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { createApiToken, listApiTokens, revokeApiToken } from './apiTokensService';

export function apiTokenHandlers(deps: AppDeps): RouteHandlers<typeof apiTokenRoutes> {
  return {
    apiTokensIndex: ({ user }) => listApiTokens(deps, user),
    apiTokenCreate: ({ user, body, req }) => createApiToken(deps, user, body, req.t),
    apiTokenRevoke: ({ user, params, req }) => revokeApiToken(deps, user, params.id, req.t),
  };
}
