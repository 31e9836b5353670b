import { fakeApi, userByToken } from './fakeApi';
import { calendarUrlOf } from './live';
import { handle, ok } from './route';

export const userHandlers = [
  handle('currentUser', ({ token, request }) => {
    fakeApi.requests.push(`GET ${new URL(request.url).pathname}`);
    const user = userByToken(token);
    return ok(user ? {
      id: user.id, name: user.name, email: user.email, is_admin: user.is_admin, email_verified: user.email_verified,
      email_reminders: user.email_reminders, locale: user.locale, calendar_url: calendarUrlOf(user), ranking_hidden: user.ranking_hidden === true,
    }
      : { id: -1, name: null, is_admin: false });
  }),
];
