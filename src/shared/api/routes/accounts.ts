import Type, { type TSchema } from 'typebox';
import { route } from '../route';
import { Id, Message, Nullable, Strict } from '../schemas';
import { APP_PATH_MAX_LENGTH, APP_PATH_PATTERN } from '../../domain/appPaths';

/** Limits shared by the server's checks and the client's forms. */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

/** Surrounding spaces are allowed (and trimmed): people paste addresses. */
const Email = Type.String({ minLength: 1, maxLength: EMAIL_MAX_LENGTH, format: 'email' });
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
const Name = Type.String({ minLength: 1, maxLength: NAME_MAX_LENGTH });
/** A path of this app, never another origin (shared/domain/appPaths.ts). */
const AppPath = Type.String({ minLength: 1, maxLength: APP_PATH_MAX_LENGTH, pattern: APP_PATH_PATTERN });
const UserLocale = Type.Union([Type.Literal('es'), Type.Literal('en')]);

/** Account calls take the user's fields inside an `api_v1_user` object (the original API's format). */
const UserBody = <T extends Record<string, TSchema>>(fields: T) => Strict({ api_v1_user: Strict(fields) });

/** The signed-in user as the account calls answer it. */
const AccountUser = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.String(),
  is_admin: Type.Boolean(),
  email_verified: Type.Boolean(),
  email_reminders: Type.Boolean(),
  locale: UserLocale,
  /** Left out of the competitions' overall rankings. */
  ranking_hidden: Type.Boolean(),
});

/** Sign-in, sign-up and password reset answer the user plus the bearer token (also sent as `Authorization`). */
const SignedIn = Type.Object({
  ...AccountUser.properties,
  token: Type.String(),
});

export const accountRoutes = {
  signIn: route({
    method: 'POST', path: '/users/sign_in', prefixed: false, access: 'public',
    summary: 'Sign in with email and password',
    body: UserBody({ email: Email, password: Password, remember_me: Type.Optional(Type.Boolean()) }),
    response: SignedIn,
    rateLimit: { max: 30, timeWindow: 60_000 },
    errors: [401, 503],
  }),
  signUp: route({
    method: 'POST', path: '/users', prefixed: false, access: 'public',
    summary: 'Create an account and sign in; `next` (an app path) is where the verification link continues',
    body: Strict({
      api_v1_user: Strict({
        name: Name,
        email: Email,
        password: Password,
        password_confirmation: Type.Optional(Password),
        locale: Type.Optional(UserLocale),
      }),
      /** Where the person was going (an invitation's page): the verification link leads there once confirmed. */
      next: Type.Optional(AppPath),
    }),
    response: SignedIn,
    rateLimit: { max: 50, timeWindow: 3_600_000 },
    errors: [503],
  }),
  updateAccount: route({
    method: 'PUT', path: '/users', prefixed: false, access: 'user',
    summary: 'Change name, email, password or preferences (current password required); revoke_api_tokens revokes every personal API token of the account',
    body: UserBody({
      name: Type.Optional(Name),
      email: Type.Optional(Email),
      password: Type.Optional(Password),
      password_confirmation: Type.Optional(Password),
      current_password: Password,
      /** Revokes every personal API token of the account (offered beside a password change). */
      revoke_api_tokens: Type.Optional(Type.Boolean()),
      email_reminders: Type.Optional(Type.Boolean()),
      locale: Type.Optional(UserLocale),
      ranking_hidden: Type.Optional(Type.Boolean()),
    }),
    response: AccountUser,
    // Per account and per address, counted by the service in the database (server platform/sessions/actionLimits.ts).
    errors: [429, 503],
  }),
  deleteAccount: route({
    method: 'DELETE', path: '/users', prefixed: false, access: 'user',
    summary: 'Delete the account (owned leagues pass to their earliest-joined member; never the last enabled global admin: 409)',
    body: UserBody({ current_password: Password }),
    response: Message,
    errors: [409, 429, 503],
  }),
  signOut: route({
    method: 'DELETE', path: '/users/sign_out', prefixed: false, access: 'user',
    summary: 'Sign out: revokes this token', response: Message,
  }),
  requestPasswordReset: route({
    method: 'POST', path: '/users/password', prefixed: false, access: 'public',
    summary: 'Email a password reset link (same answer whether or not the email is registered)',
    body: Strict({
      api_v1_user: Strict({ email: Email }),
      origin: Type.Optional(Type.String({ maxLength: 200 })),
    }),
    response: Message,
    rateLimit: { max: 10, timeWindow: 3_600_000 },
  }),
  resetPassword: route({
    method: 'PUT', path: '/users/password', prefixed: false, access: 'public',
    summary: 'Set a new password with a reset token; revokes every session and signs in',
    body: UserBody({
      password: Password,
      password_confirmation: Password,
      reset_password_token: Type.String({ minLength: 1, maxLength: 200 }),
    }),
    response: SignedIn,
    rateLimit: { max: 30, timeWindow: 900_000 },
    errors: [503],
  }),
  verifyEmail: route({
    method: 'POST', path: '/users/verify_email', prefixed: false, access: 'public',
    summary: 'Confirm an email address with the token of a verification link (single use, 24 hours); a link used '
      + 'before whose address is confirmed answers `already_verified`',
    body: Strict({ token: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: Type.Object({ message: Type.String(), already_verified: Type.Boolean() }),
    rateLimit: { max: 30, timeWindow: 900_000 },
  }),
  resendVerification: route({
    method: 'POST', path: '/users/verify_email/resend', prefixed: false, access: 'user',
    summary: 'Email a new verification link to the current address (older links stop working)',
    response: Message,
    process: 'resend_verification',
    rateLimit: { max: 10, timeWindow: 3_600_000 },
    // 409: already verified; 429 also per account, counted by the service.
    errors: [409],
  }),
  clientLog: route({
    method: 'POST', path: '/log', prefixed: false, access: 'public',
    summary: 'Store a client error report',
    body: Strict({
      status: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 999 }))),
      data: Type.Optional(Type.Unknown()),
      headers: Type.Optional(Type.Unknown()),
      message: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
      code: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
    }),
    response: Message,
    rateLimit: { max: 60, timeWindow: 60_000 },
    bodyLimit: 16 * 1024,
  }),
  contact: route({
    method: 'POST', path: '/contact', prefixed: true, access: 'public',
    summary: 'Send a message to the administrators',
    body: Strict({
      name: Name,
      email: Email,
      message: Type.String({ minLength: 1, maxLength: 5000 }),
    }),
    response: Message,
    rateLimit: { max: 5, timeWindow: 3_600_000 },
  }),
} as const;
