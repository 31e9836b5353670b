import { fakeApi, userByToken } from './fakeApi';
import { handle, ok } from './route';

export const alertHandlers = [
  handle('alertsIndex', ({ token, request }) => {
    fakeApi.requests.push(`GET ${new URL(request.url).pathname}`);
    const user = userByToken(token);
    return ok(user ? fakeApi.alerts.get(user.id) ?? [] : []);
  }),
];
