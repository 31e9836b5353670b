import { userRoutes } from '../../../shared/api/routes/users';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { RouteHandlers } from '../../http/registerRoutes';

export const VISITOR = { id: -1, name: null, is_admin: false } as const;

export function userHandlers(deps: AppDeps): RouteHandlers<typeof userRoutes> {
  return {
    currentUser: async ({ user }) => user
      ? { id: user.id, name: user.name, email: user.email, is_admin: user.is_admin, locale: user.locale }
      : VISITOR,
    showUser: async ({ params }) => {
      const row = await deps.db.selectFrom('users').select(['id', 'name']).where('id', '=', params.id).executeTakeFirst();
      if (!row) throw notFound('errors.user_not_found');
      return row;
    },
  };
}
