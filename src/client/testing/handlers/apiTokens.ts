import type { ApiToken } from '../../../shared/api/routes/apiTokens';
import { handleSignedIn } from './leagueWorld';
import { fail, ok } from './route';

/**
 * A user's API tokens, answered like the server: the value only in the creation's answer, at most 10, a name
 * required. Built per test (`server.use(...apiTokenHandlers().handlers)`), so no state outlives it.
 */
export function apiTokenHandlers() {
  const tokens: ApiToken[] = [];
  let nextId = 1;
  const handlers = [
    handleSignedIn('apiTokensIndex', () => ok(tokens)),
    handleSignedIn('apiTokenCreate', ({ body }) => {
      if (!String(body.name).trim()) return fail(400, 'The request is not valid', { name: ["can't be blank"] });
      if (tokens.length >= 10) return fail(409, 'You already have 10 active API tokens: revoke one before creating another');
      const id = nextId++;
      const token: ApiToken = {
        id, name: body.name, scope: body.scope, created_at: '2026-06-01T10:00:00.000Z', expires_at: body.expires_at, last_used_at: null, expired: false,
      };
      tokens.unshift(token);
      return ok({ message: 'API token created: copy it now, it will not be shown again', api_token: token, token: `porra_pat_1_${'x'.repeat(42)}${id}` });
    }),
    handleSignedIn('apiTokenRevoke', ({ params }) => {
      const index = tokens.findIndex((token) => token.id === Number(params.id));
      if (index < 0) return fail(404, 'That API token does not exist');
      tokens.splice(index, 1);
      return ok({ message: 'API token revoked' });
    }),
  ];
  return { tokens, handlers };
}
