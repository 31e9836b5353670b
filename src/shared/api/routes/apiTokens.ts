import Type, { type Static } from 'typebox';
import { route } from '../route';
import { Id, IdParams, Message, Nullable, Strict, Timestamp } from '../schemas';

/** How many live (unexpired) tokens a user may hold, and how far ahead a token may expire. */
export const API_TOKENS_MAX = 10;
export const API_TOKEN_LIFETIME_MAX_DAYS = 366;

const TokenScopeSchema = Type.Union([Type.Literal('read'), Type.Literal('bet')]);

/** A personal API token as its owner sees it: never its value, which only the creation answers. */
export const ApiToken = Type.Object({
  id: Id,
  name: Type.String(),
  scope: TokenScopeSchema,
  created_at: Timestamp,
  expires_at: Timestamp,
  /** When it was last used, to the minute (null: never). */
  last_used_at: Nullable(Timestamp),
  expired: Type.Boolean(),
});
export type ApiToken = Static<typeof ApiToken>;

export const apiTokenRoutes = {
  apiTokensIndex: route({
    method: 'GET', path: '/users/api_tokens', prefixed: true, access: 'user',
    summary: "The caller's personal API tokens, newest first (never their values)",
    response: Type.Array(ApiToken),
  }),
  apiTokenCreate: route({
    method: 'POST', path: '/users/api_tokens', prefixed: true, access: 'user', process: 'api_token_create',
    errors: [409],
    summary: 'Create a personal API token (`read`: the player\'s reads; `bet`: also placing bets); its value is answered only here. 409 past 10 live tokens',
    body: Strict({
      name: Type.String({ minLength: 1, maxLength: 60 }),
      scope: TokenScopeSchema,
      /** Required: in the future and at most a year ahead. */
      expires_at: Timestamp,
    }),
    response: Type.Object({ message: Type.String(), api_token: ApiToken, token: Type.String() }),
  }),
  apiTokenRevoke: route({
    method: 'DELETE', path: '/users/api_tokens/:id', prefixed: true, access: 'user', process: 'api_token_revoke',
    summary: 'Revoke one of the caller\'s personal API tokens: it stops working at once',
    params: IdParams, response: Message,
  }),
} as const;
