import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type Translate } from '../i18n/messages';
import type { AppDeps } from '../deps';
import { findSessionUser } from '../sessions/sessionsRepository';
import { verifyToken } from '../sessions/tokens';
import {
  LAST_USED_PRECISION_MS, findTokenUser, personalTokenHash, personalTokenUserId, tokenCacheKey, touchToken, type TokenUser,
} from '../sessions/personalTokens';
import type { AuthUser } from './context';
import { unauthorized } from '../errors/errors';
import { LOCALES, type Locale } from '../../../shared/domain/locales';

const LOCALE_IN_PATH = /^\/api\/v1\/(es|en)(\/|$|\?)/;

/** The caller's language: the locale prefix of the path, else Accept-Language (es* -> es), else English. */
export function requestLocale(req: FastifyRequest): Locale {
  const match = LOCALE_IN_PATH.exec(req.url);
  if (match) return match[1] as Locale;
  const header = req.headers['x-locale'] ?? req.headers['accept-language'];
  const first = String(header ?? '').trim().toLowerCase();
  return first.startsWith('es') ? 'es' : LOCALES.includes(first as Locale) ? (first as Locale) : 'en';
}

function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token && token !== 'null' ? token : null;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/**
 * Resolves locale and caller before routing to a handler. A bad token on a protected route is a 401. A callback
 * hook, synchronous when the token and the session are already known (most signed-in requests): no promise per
 * request.
 */
export function installRequestContext(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('user', null);
  // A getter: most requests never translate anything, and a closure per request is not free.
  app.decorateRequest('t', {
    getter(this: FastifyRequest): Translate {
      const locale = this.locale;
      return (key, vars) => translate(locale, key, vars);
    },
  } as never);
  const signIn = (req: FastifyRequest, row: SessionRow | TokenUser | undefined, sessionId: string, token?: AuthUser['token']): Error | undefined => {
    if (row) {
      req.user = {
        // A token never carries a global admin's powers: through it an admin is a player like any other.
        id: row.id, name: row.name, email: row.email, is_admin: !token && row.is_admin === 1, locale: row.locale as Locale, sessionId,
        email_verified: row.email_verified === 1, email_reminders: row.email_reminders === 1,
        ranking_hidden: row.ranking_hidden === 1,
        ...(token && { token }),
      };
      return undefined;
    }
    // A stale token on a public route reads as a visitor (the client then forgets it); elsewhere it is a 401.
    const routeAccess = (req.routeOptions.config as { access?: string } | undefined)?.access;
    return routeAccess && routeAccess !== 'public' ? unauthorized('errors.authentication') : undefined;
  };
  // A personal API token: cached like a session (under the hash, for its user, so revoking forgets it everywhere);
  // its last use is written at most once a minute.
  const signInWithToken = (req: FastifyRequest, token: string, userId: number, now: number, done: (error?: Error) => void) => {
    const hash = personalTokenHash(token);
    const finish = (row: TokenUser | undefined) => {
      const refused = signIn(req, row, '', row && { id: row.token_id, scope: row.scope });
      if (refused || !row || (row.last_used_at !== null && now - row.last_used_at < LAST_USED_PRECISION_MS)) return done(refused);
      row.last_used_at = now;
      touchToken(deps.db, row.token_id, now).then(() => done(), (error: unknown) => {
        req.log.warn({ err: error }, 'personal token use not recorded');
        done();
      });
    };
    const ttl = deps.config.sessionCacheSeconds;
    const cached = deps.sessions.peek<TokenUser>(ttl, tokenCacheKey(hash), userId, now);
    if (cached) return finish(cached);
    deps.sessions.get(ttl, tokenCacheKey(hash), userId, now, () => findTokenUser(deps.db, hash, userId, now)).then(finish, done);
  };
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = requestLocale(req);
    req.user = null;
    const token = bearerToken(req);
    if (!token) return done();
    const now = deps.clock.now();
    const tokenUserId = personalTokenUserId(token);
    if (tokenUserId !== null) return signInWithToken(req, token, tokenUserId, now, done);
    const claims = verifyToken(deps.jwtSecret, token, now);
    if (!claims) return done(signIn(req, undefined, ''));
    const ttl = deps.config.sessionCacheSeconds;
    const cached = deps.sessions.peek<SessionRow>(ttl, claims.sessionId, claims.userId, now);
    if (cached) return done(signIn(req, cached, claims.sessionId));
    deps.sessions.get(ttl, claims.sessionId, claims.userId, now, () => findSessionUser(deps.db, claims.sessionId, claims.userId, now))
      .then((row) => done(signIn(req, row, claims.sessionId)), done);
  });
}
