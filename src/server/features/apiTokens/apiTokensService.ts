import { API_TOKENS_MAX, API_TOKEN_LIFETIME_MAX_DAYS, type ApiToken, type apiTokenRoutes } from '../../../shared/api/routes/apiTokens';
import type { RouteBody } from '../../../shared/api/route';
import type { AppDeps } from '../../platform/deps';
import type { AuthUser } from '../../platform/http/context';
import { AppError, invalidField, notFound } from '../../platform/errors/errors';
import { translate, type Translate } from '../../platform/i18n/messages';
import { newPersonalToken } from '../../platform/sessions/personalTokens';
import { forgetUserEverywhere } from '../../platform/sessions/revocations';
import * as repo from './apiTokensRepository';

const DAY = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

function toApiToken(row: repo.ApiTokenRow, now: number): ApiToken {
  return {
    id: row.id, name: row.name, scope: row.scope, created_at: iso(row.created_at), expires_at: iso(row.expires_at),
    last_used_at: row.last_used_at === null ? null : iso(row.last_used_at), expired: row.expires_at <= now,
  };
}

export async function listApiTokens(deps: AppDeps, user: AuthUser): Promise<ApiToken[]> {
  const now = deps.clock.now();
  return (await repo.listTokens(deps.db, user.id)).map((row) => toApiToken(row, now));
}

type CreateBody = RouteBody<typeof apiTokenRoutes.apiTokenCreate>;

/**
 * A new token: a name (trimmed, 1..60), a scope, an expiry in the future and at most API_TOKEN_LIFETIME_MAX_DAYS
 * ahead. At most API_TOKENS_MAX live ones per user (409), counted under the user's lock. The value is answered only
 * here; the database keeps its hash.
 */
export async function createApiToken(deps: AppDeps, user: AuthUser, body: CreateBody, t: Translate) {
  const now = deps.clock.now();
  const name = body.name.trim().replace(/\s+/g, ' ');
  if (!name) throw invalidField('name', 'validation.blank');
  const expiresAt = Date.parse(body.expires_at);
  if (!Number.isFinite(expiresAt) || expiresAt <= now || expiresAt > now + API_TOKEN_LIFETIME_MAX_DAYS * DAY) {
    throw invalidField('expires_at', 'validation.api_token_expiry', { count: API_TOKEN_LIFETIME_MAX_DAYS });
  }
  const { token, hash } = newPersonalToken(user.id);
  const row = await deps.db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, deps.dialect, user.id);
    if (await repo.countLiveTokens(trx, user.id, now) >= API_TOKENS_MAX) {
      throw new AppError(409, 'errors.api_tokens_limit', { count: API_TOKENS_MAX });
    }
    return repo.insertToken(trx, { user_id: user.id, name, scope: body.scope, token_hash: hash, created_at: now, expires_at: expiresAt });
  });
  tellOwnerOfNewToken(deps, user, row);
  return { message: t('success.api_token_created'), api_token: toApiToken(row, now), token };
}

/** Minutes in UTC, as the mail says. */
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Every new token is mailed to the account's address (its language): a hijacker who mints one is seen by the owner,
 * who can revoke it. Not awaited: a slow or failing mail server does not hold the creation, which has committed.
 */
function tellOwnerOfNewToken(deps: AppDeps, user: AuthUser, row: repo.ApiTokenRow): void {
  const locale = user.locale === 'es' ? 'es' : 'en';
  const vars = {
    name: user.name, token: row.name, scope: translate(locale, `mail.api_token_scope_${row.scope}`),
    created: utc(row.created_at), expires: utc(row.expires_at), url: `${deps.config.appOrigin}/users/api_tokens`,
  };
  void deps.mailer.send({
    kind: 'api_token', to: user.email,
    subject: translate(locale, 'mail.api_token_created_subject'), text: translate(locale, 'mail.api_token_created_text', vars),
  }).catch((err: unknown) => deps.log.error({ err }, 'the email telling of a new API token failed'));
}

/** Revokes a token at once here and, through the cache's broadcast, in every other process. */
export async function revokeApiToken(deps: AppDeps, user: AuthUser, tokenId: number, t: Translate) {
  await deps.db.transaction().execute(async (trx) => {
    await forgetUserEverywhere(trx, deps.sessions, user.id);
    if (!(await repo.deleteToken(trx, user.id, tokenId))) throw notFound('errors.api_token_not_found');
  });
  return { message: t('success.api_token_revoked') };
}
