import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { errorStatuses } from '../../../shared/api/errorResponses';
import { routeUrl, type RouteBody, type RouteDef, type RouteParams, type RouteQuery, type RouteResponse } from '../../../shared/api/route';
import type { AuthUser } from './context';
import { forbidden, unauthorized } from '../errors/errors';
import { documentedSchema } from './responseSchemas';
import { LOCALES } from '../../../shared/domain/locales';
import { tokenMayCall } from '../../../shared/api/tokenScopes';

type CallerOf<R extends RouteDef> = R['access'] extends 'public' ? AuthUser | null : AuthUser;

/** What a handler receives: validated input, the caller (non-null unless the route is public), the request. */
interface RouteInput<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  user: CallerOf<R>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers a promise, or the answer itself when it has it at once (no promise: the cheapest request). */
export type RouteHandler<R extends RouteDef> = (input: RouteInput<R>) => Promise<RouteResponse<R>> | RouteResponse<R>;
export type RouteHandlers<T extends Record<string, RouteDef>> = { [K in keyof T]: RouteHandler<T[K]> };

const LocaleParam = Type.Union(LOCALES.map((l) => Type.Literal(l)));

function paramsSchema(def: RouteDef) {
  if (!def.prefixed) return def.params;
  const own = (def.params as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Type.Object({ locale: LocaleParam, ...(own as Record<string, never>) }, { additionalProperties: false });
}

/** Registers every entry of a route table with its schemas, access rule and handler. */
export function registerRoutes<T extends Record<string, RouteDef>>(app: FastifyInstance, table: T, handlers: RouteHandlers<T>): void {
  for (const [name, def] of Object.entries(table)) {
    const handler = handlers[name as keyof T] as unknown as RouteHandler<RouteDef>;
    app.route({
      method: def.method,
      url: routeUrl(def),
      schema: {
        operationId: name,
        summary: def.summary,
        tags: [def.path.split('/')[1] || 'root'],
        // Only the parts a route declares: an explicit undefined makes Fastify warn (FSTWRN001).
        ...(paramsSchema(def) && { params: paramsSchema(def) }),
        ...(def.query && { querystring: def.query }),
        ...(def.body && { body: def.body }),
        response: { 200: def.response },
      },
      config: {
        routeName: name,
        access: def.access,
        errorStatuses: errorStatuses(def),
        // Error statuses are documented, not compiled: the error handler writes their one shape itself.
        swaggerTransform: ({ schema, url }) => ({ schema: documentedSchema(def, schema), url }),
        ...(def.rateLimit && { rateLimit: def.rateLimit }),
      },
      ...(def.bodyLimit && { bodyLimit: def.bodyLimit }),
      // Who may call is known from the headers (the app's onRequest hook reads the session first): refusing here,
      // before the body is read, keeps a visitor from making the server read and parse up to the route's body limit
      // (2 MB for a competition upload) only to be refused afterwards.
      onRequest: (req, _reply, done) => {
        // A personal API token reaches only the routes its scope opens; on a public route it is a visitor.
        if (req.user?.token && !tokenMayCall(def, req.user.token.scope)) {
          if (def.access !== 'public') return done(forbidden('errors.token_scope'));
          req.user = null;
        }
        if (def.access !== 'public' && !req.user) return done(unauthorized());
        if (def.access === 'admin' && !req.user?.is_admin) return done(forbidden());
        done();
      },
      handler: (req, reply) => {
        const { locale: _locale, ...params } = (req.params ?? {}) as Record<string, unknown>;
        return handler({
          params: params as never,
          query: (req.query ?? {}) as never,
          body: req.body as never,
          user: req.user as never,
          req,
          reply,
        });
      },
    });
  }
}
