import Type from 'typebox';
import { route } from '../route';
import { Id, IdParams, Nullable } from '../schemas';

/** The current user; a visitor is `{ id: -1, name: null, is_admin: false }`. */
const CurrentUser = Type.Object({
  id: Type.Integer(),
  name: Nullable(Type.String()),
  email: Type.Optional(Type.String()),
  is_admin: Type.Boolean(),
  /** Signed-in users only: whether the address has been confirmed through a verification link. */
  email_verified: Type.Optional(Type.Boolean()),
  email_reminders: Type.Optional(Type.Boolean()),
  locale: Type.Optional(Type.String()),
  /** Signed-in users only: the private iCalendar feed of their leagues' matches. */
  calendar_url: Type.Optional(Type.String()),
  /** Signed-in users only: left out of the competitions' overall rankings (account settings). */
  ranking_hidden: Type.Optional(Type.Boolean()),
});

const PublicUser = Type.Object({ id: Id, name: Type.String() });

export const userRoutes = {
  currentUser: route({
    method: 'GET', path: '/users/index', prefixed: true, access: 'public',
    summary: 'The signed-in user, or the visitor shape', response: CurrentUser,
  }),
  showUser: route({
    method: 'GET', path: '/users/:id', prefixed: true, access: 'user', tokens: 'read',
    summary: 'A user by id (name only)', params: IdParams, response: PublicUser,
  }),
} as const;
