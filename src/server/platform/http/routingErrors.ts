import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n/messages';
import { requestLocale } from './requestContext';

/**
 * What the server answers when no route takes a request.
 * - A known path asked with a method it does not have: 405 with `Allow` (RFC 9110 15.5.6), so a client can tell
 *   a wrong method from a wrong path; OPTIONS on a known path: 204 with `Allow`. (A 404 would claim the path
 *   does not exist, which misleads clients and API fuzzers alike.)
 * - A URL the router cannot even read (bad percent-encoding, an absurdly long path segment): 400, since it is
 *   malformed input like any other, in the API's error shape.
 */

interface KnownPath { pattern: RegExp; method: string; shape: string }

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/api/v1/:locale/leagues/:id` -> a RegExp matching concrete paths of that route. */
function pathPattern(url: string): RegExp {
  const parts = url.split('/').map((part) => {
    if (part.startsWith(':')) return '[^/]+';
    if (part === '*') return '.*';
    return escapeRegExp(part);
  });
  return new RegExp(`^${parts.join('/')}/?$`);
}

/**
 * How specific a route path is, segment by segment (0 static, 1 parameter, 2 wildcard): the router prefers static
 * segments, so of the routes matching a concrete path only those of the smallest shape own it
 * (`/leagues/search` is the search call, not a league whose id is "search").
 */
const pathShape = (url: string) => url.split('/').map((part) => (part.startsWith(':') ? '1' : part === '*' ? '2' : '0')).join('');

/**
 * Records every route registered from now on; the returned function lists the methods a concrete path has
 * (null when no route has that path). Call it before registering routes.
 */
export function trackRouteMethods(app: FastifyInstance): (url: string) => string[] | null {
  const known: KnownPath[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      known.push({ pattern: pathPattern(route.url), method: String(method), shape: pathShape(route.url) });
    }
  });
  return (url) => {
    const path = url.split('?')[0]!;
    const matching = known.filter((k) => k.pattern.test(path));
    if (matching.length === 0) return null;
    const owner = matching.map((k) => k.shape).sort()[0];
    const methods = new Set(matching.filter((k) => k.shape === owner).map((k) => k.method));
    if (methods.has('GET')) methods.add('HEAD');
    methods.add('OPTIONS');
    return [...methods].sort();
  };
}

/**
 * Answers a request whose path is known but whose method is not: true when it did. Used by the not-found
 * handler before it answers 404.
 */
export function answerUnsupportedMethod(allowedMethods: (url: string) => string[] | null, req: FastifyRequest, reply: FastifyReply): boolean {
  const allowed = allowedMethods(req.url);
  if (!allowed || (req.method !== 'OPTIONS' && allowed.includes(req.method))) return false;
  reply.header('allow', allowed.join(', '));
  if (req.method === 'OPTIONS') {
    reply.status(204).send();
  } else {
    reply.status(405).send({ error: translate(req.locale ?? requestLocale(req), 'errors.method_not_allowed') });
  }
  return true;
}

/** Fastify's `frameworkErrors` option: unreadable URLs are a 400 in the API's error shape, never a bare 414 or 500. */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  req.log.info({ code: error.code }, 'unroutable request');
  reply.status(400).send({ error: translate(requestLocale(req), 'errors.invalid_request') });
}
