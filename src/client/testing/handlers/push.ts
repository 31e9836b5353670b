import { userByToken } from './fakeApi';
import { fail, handle, ok } from './route';

/** Push opt-in; `pushStore.fail` makes the server refuse. */
export const pushStore = { subscriptions: [] as unknown[], unsubscriptions: [] as unknown[], fail: false };

export const pushHandlers = [
  handle('pushPublicKey', () => ok({ public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' })),
  handle('subscribe', ({ body, token }) => {
    if (!userByToken(token) || pushStore.fail) return fail(500);
    pushStore.subscriptions.push(body.subscription);
    return ok({ message: 'subscribed' });
  }),
  handle('unsubscribe', ({ body, token }) => {
    if (!userByToken(token) || pushStore.fail) return fail(500);
    pushStore.unsubscriptions.push(body.subscription);
    return ok({ message: 'unsubscribed' });
  }),
];

export function resetPush(): void {
  pushStore.subscriptions = [];
  pushStore.unsubscriptions = [];
  pushStore.fail = false;
}
