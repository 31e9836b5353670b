import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable, Strict, Timestamp } from '../schemas';
import { Paging } from './adminOperations';

export const AdminUser = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  is_admin: Type.Boolean(),
  email_verified: Type.Boolean(),
  /** A disabled account cannot sign in. */
  disabled: Type.Boolean(),
  disabled_at: Nullable(Timestamp),
  last_sign_in_at: Nullable(Timestamp),
  created_at: Timestamp,
  leagues: Type.Array(Type.Object({ id: Id, name: Type.String() })),
});

const UserAnswer = Type.Object({ message: Type.String(), user: AdminUser });

/** Admin console, users. Every write is recorded in the audit log with the admin who did it. */
export const adminUserRoutes = {
  adminUsers: route({
    method: 'GET', path: '/admin/users', prefixed: true, access: 'admin',
    summary: 'Users whose name or email contains the search text (every user without one), by name',
    query: Strict({ search: Type.Optional(Type.String({ maxLength: 100 })), ...Paging }),
    response: Type.Object({
      users: Type.Array(AdminUser), total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), per_page: Type.Integer({ minimum: 1 }),
    }),
  }),
  adminResendVerification: route({
    method: 'POST', path: '/admin/users/:id/resend_verification', prefixed: true, access: 'admin',
    errors: [409],
    summary: 'Mail the user a fresh verification link (409 when the address is already verified)',
    params: IdParams, response: UserAnswer,
  }),
  adminPasswordReset: route({
    method: 'POST', path: '/admin/users/:id/password_reset', prefixed: true, access: 'admin',
    errors: [409],
    summary: 'Mail the user a password-reset link (409 for a disabled account)',
    params: IdParams, response: UserAnswer,
  }),
  adminDisableUser: route({
    method: 'POST', path: '/admin/users/:id/disable', prefixed: true, access: 'admin',
    errors: [409],
    summary: 'Disable an account: it cannot sign in and its sessions end at once (never your own account)',
    params: IdParams, response: UserAnswer,
  }),
  adminEnableUser: route({
    method: 'POST', path: '/admin/users/:id/enable', prefixed: true, access: 'admin',
    summary: 'Enable a disabled account again',
    params: IdParams, response: UserAnswer,
  }),
  adminSetAdmin: route({
    method: 'POST', path: '/admin/users/:id/admin', prefixed: true, access: 'admin',
    errors: [409],
    summary: 'Promote a user to global admin or demote one (never the last enabled admin)',
    params: IdParams, body: Strict({ admin: Type.Boolean() }), response: UserAnswer,
  }),
  adminAudit: route({
    method: 'GET', path: '/admin/audit', prefixed: true, access: 'admin',
    summary: 'Admin actions on users, competitions, matches and bets, newest first, naming who did them and to whom or what',
    query: Strict({ ...Paging }),
    response: Type.Object({
      entries: Type.Array(Type.Object({
        id: Id, action: Type.String(), entity: Type.String(), entity_id: Nullable(Type.Integer()),
        actor: Nullable(Type.Object({ id: Id, name: Type.String() })),
        /** What the action was done to, by name: a user, a competition, a match's two teams, or the member a bet belongs to; null once deleted. */
        target_name: Nullable(Type.String()),
        details: Nullable(Type.String()), created_at: Timestamp,
      })),
      total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), per_page: Type.Integer({ minimum: 1 }),
    }),
  }),
} as const;
