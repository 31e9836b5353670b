import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate, type Translate } from '../i18n/messages';
import type { AppDeps } from '../deps';
import { findSessionUser } from '../sessions/sessionsRepository';
import { verifyToken } from '../sessions/tokens';
import { unauthorized } from './errors';
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

export function bearerToken(req: FastifyRequest): string | null {
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
  const signIn = (req: FastifyRequest, row: SessionRow | undefined, sessionId: string): Error | undefined => {
    if (row) {
      req.user = {
        id: row.id, name: row.name, email: row.email, is_admin: row.is_admin === 1, locale: row.locale as Locale, sessionId,
        email_verified: row.email_verified === 1, email_reminders: row.email_reminders === 1,
      };
      return undefined;
    }
    // A stale token on a public route reads as a visitor (the client then forgets it); elsewhere it is a 401.
    const routeAccess = (req.routeOptions.config as { access?: string } | undefined)?.access;
    return routeAccess && routeAccess !== 'public' ? unauthorized('errors.authentication') : undefined;
  };
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = requestLocale(req);
    req.user = null;
    const token = bearerToken(req);
    if (!token) return done();
    const now = deps.clock.now();
    const claims = verifyToken(deps.jwtSecret, token, now);
    if (!claims) return done(signIn(req, undefined, ''));
    const ttl = deps.config.sessionCacheSeconds;
    const cached = deps.sessions.peek<SessionRow>(ttl, claims.sessionId, claims.userId, now);
    if (cached) return done(signIn(req, cached, claims.sessionId));
    deps.sessions.get(ttl, claims.sessionId, claims.userId, now, () => findSessionUser(deps.db, claims.sessionId, claims.userId, now))
      .then((row) => done(signIn(req, row, claims.sessionId)), done);
  });
}
