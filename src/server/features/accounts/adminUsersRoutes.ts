import { adminUserRoutes } from '../../../shared/api/routes/adminUsers';
import type { AppDeps } from '../../platform/deps';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { paging } from '../../platform/http/paging';
import {
  disableUser, enableUser, findUsers, resendUserVerification, sendUserPasswordReset, setAdmin,
} from './adminUsersService';
import { listAuditEntries } from './auditEntries';

const iso = (ms: number) => new Date(ms).toISOString();

export function adminUserHandlers(deps: AppDeps): RouteHandlers<typeof adminUserRoutes> {
  return {
    adminUsers: async ({ query }) => {
      const page = paging(query);
      const { users, total } = await findUsers(deps, { search: query.search, limit: page.limit, offset: page.offset });
      return { users, total, page: page.page, per_page: page.per_page };
    },
    adminResendVerification: async ({ req, params, user }) => {
      const target = await resendUserVerification(deps, user.id, params.id);
      return { message: req.t('success.verification_sent_to', { email: target.email }), user: target };
    },
    adminPasswordReset: async ({ req, params, user }) => {
      const target = await sendUserPasswordReset(deps, user.id, params.id);
      return { message: req.t('success.password_reset_sent_to', { email: target.email }), user: target };
    },
    adminDisableUser: async ({ req, params, user }) => {
      const target = await disableUser(deps, user.id, params.id);
      return { message: req.t('success.user_disabled', { name: target.name }), user: target };
    },
    adminEnableUser: async ({ req, params, user }) => {
      const target = await enableUser(deps, user.id, params.id);
      return { message: req.t('success.user_enabled', { name: target.name }), user: target };
    },
    adminSetAdmin: async ({ req, params, body, user }) => {
      const target = await setAdmin(deps, user.id, params.id, body.admin);
      return { message: req.t(body.admin ? 'success.admin_granted' : 'success.admin_revoked', { name: target.name }), user: target };
    },
    adminAudit: async ({ query }) => {
      const page = paging(query);
      const { rows, total } = await listAuditEntries(deps.db, page);
      return {
        entries: rows.map((row) => ({
          id: row.id, action: row.action, entity: row.entity, entity_id: row.entity_id, details: row.details, created_at: iso(row.created_at),
          actor: row.actor_id !== null && row.actor_name !== null ? { id: row.actor_id, name: row.actor_name } : null,
          target_name: row.target_name,
        })),
        total, page: page.page, per_page: page.per_page,
      };
    },
  };
}
