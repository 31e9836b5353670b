import Type from 'typebox';
import { route } from '../route';
import { Message, Nullable, Strict } from '../schemas';

/** A browser's PushSubscription.toJSON(); the endpoint must be an https URL of a push service. */
const Endpoint = Type.String({ pattern: '^https://', maxLength: 1000, format: 'uri' });
const Key = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^[A-Za-z0-9_=-]+$' });
export const PushSubscription = Strict({
  endpoint: Endpoint,
  expirationTime: Type.Optional(Nullable(Type.Number())),
  keys: Strict({ p256dh: Key(200), auth: Key(100) }),
});

/** Web Push opt-in: several devices per user. */
export const pushRoutes = {
  pushPublicKey: route({
    method: 'GET', path: '/push/public_key', prefixed: true, access: 'public',
    summary: 'The server VAPID public key browsers subscribe with',
    response: Type.Object({ public_key: Type.String() }),
  }),
  subscribe: route({
    method: 'POST', path: '/subscribe', prefixed: true, access: 'user', process: 'subscribe',
    summary: 'Register this device for reminders (upsert by endpoint)',
    body: Strict({ subscription: PushSubscription }), response: Message,
  }),
  unsubscribe: route({
    method: 'POST', path: '/unsubscribe', prefixed: true, access: 'user', process: 'unsubscribe',
    summary: 'Stop reminders on this device',
    body: Strict({
      subscription: Strict({
        endpoint: Endpoint,
        expirationTime: Type.Optional(Nullable(Type.Number())),
        keys: Type.Optional(Strict({ p256dh: Key(200), auth: Key(100) })),
      }),
    }),
    response: Message,
  }),
} as const;
