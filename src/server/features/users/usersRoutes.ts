import { userRoutes } from '../../../shared/api/routes/users';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { notFound } from '../../platform/errors/errors';
import type { RouteHandlers } from '../../platform/http/registerRoutes';
import { findPublicUser } from './usersRepository';
import { calendarUrl, knownCalendarUrl } from '../../domain/calendar/calendarAddress';

const VISITOR = { id: -1, name: null, is_admin: false } as const;

function signedInUser(user: AuthUser, calendarUrl: string) {
  return {
    id: user.id, name: user.name, email: user.email, is_admin: user.is_admin, locale: user.locale, email_verified: user.email_verified,
    email_reminders: user.email_reminders, ranking_hidden: user.ranking_hidden, calendar_url: calendarUrl,
  };
}

export function userHandlers(deps: AppDeps): RouteHandlers<typeof userRoutes> {
  return {
    currentUser: ({ user }) => {
      if (!user) return VISITOR;
      // Every signed-in page load asks: answered at once when the address is remembered.
      const known = knownCalendarUrl(deps, user.id);
      return known !== undefined ? signedInUser(user, known) : calendarUrl(deps, user.id).then((url) => signedInUser(user, url));
    },
    showUser: async ({ params }) => {
      const row = await findPublicUser(deps.db, params.id);
      if (!row) throw notFound('errors.user_not_found');
      return row;
    },
  };
}
